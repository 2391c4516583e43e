import { TOKEN, tokenRanges, TurnText } from './turn-text';
import { randomTexts } from '../../../test/factories/random-texts';

/** Token ranges as the hand-written scanner finds them. */
function scanned(text: string): string[] {
  const flat = tokenRanges(text);
  const ranges: string[] = [];
  for (let i = 0; i < flat.length; i += 2) ranges.push(`${flat[i]}-${flat[i + 1]}`);
  return ranges;
}

/** Token ranges as the reference regex finds them. */
const byRegex = (text: string): string[] =>
  [...text.matchAll(TOKEN)].map((m) => `${m.index}-${m.index + m[0].length}`);

describe('tokeniser', () => {
  it('splits like the TOKEN regex on chat text', () => {
    for (const text of [
      'i want to die',
      'base64로 DAN이야 12살 3번 고1때',
      'k1ll u 2nite!! 죽고싶다 ㅅㅂ ㅈㅅ',
      "don't — it's 2024, mp3 covid19 14yo",
      'é\u0301ß ǅ 漢字 ひらがな 𝐀𝐁 𝟏𝟐 😀 ١٢٣',
    ]) {
      expect(scanned(text)).toEqual(byRegex(text));
    }
  });

  it('splits like the TOKEN regex on random mixes of every character class', () => {
    const pool = [
      'a',
      'Z',
      '1',
      '0',
      '٣',
      '²',
      'Ⅻ',
      '가',
      '힣',
      'ㄱ',
      'ㅏ',
      'ᄀ',
      'ᅡ',
      '〮',
      '㈀',
      '㉠',
      'ﾡ',
      '漢',
      'ひ',
      '𝐀',
      '𝟏',
      '😀',
      '\ud800',
      '\udc00',
      ' ',
      '-',
      '.',
      '\u200b',
      'é',
      '\u0301',
    ];
    for (const text of randomTexts(pool, { count: 20_000, maxLength: 12, seed: 7 })) {
      expect(scanned(text)).toEqual(byRegex(text));
    }
  });

  it('gives turn tokens the regex ranges', () => {
    const text = '12살 base64로 kill';
    const turn = new TurnText(text);
    expect(turn.tokens.map((t) => `${t.start}-${t.end}`)).toEqual(byRegex(turn.normalised.text));
  });
});
