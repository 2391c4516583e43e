import { gramBuckets } from './template-features';

describe('gramBuckets', () => {
  // The word features were defined as the runs of /[\p{L}\p{N}]+/gu; the hot-path scanner must
  // cut words at exactly the same places, or a retrained model would score turns differently.
  const regexWords = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

  it.each([
    'plain english words, with punctuation!!! and 123 digits',
    '한국어 문장도 단어로 나뉜다ㅋㅋ 2살',
    'astral letters 𝐚𝐛𝐜 and 𠀀z, emoji 😀between😀words',
    'combining marks: naïve, e\u0301, हिन्दी, ไทย',
    'lone surrogates \ud800 and \udc00 split words',
    '',
  ])('cuts words where the Unicode letter/digit regex does: %s', (text) => {
    expect(gramBuckets(text)).toEqual(gramBuckets(regexWords(text).join(' ')));
  });

  it('holds each unigram and bigram once', () => {
    expect(gramBuckets('go go go').size).toBe(2);
    expect(gramBuckets('a b a b').size).toBe(4);
  });
});
