import { MinorReferenceDetector } from './minor-reference.detector';

const detector = new MinorReferenceDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('minor_safety.minor_reference', () => {
  it.each([
    ['a story about a little girl', 'little girl'],
    ['she is only a 12 year old', '12 year old'],
    ['Kids these days', 'Kids'],
    ['초등학생이랑', '초등학생'],
    ['미성년자도 돼?', '미성년자'],
    ['10살 여자애', '10살 여자애'],
    ['어린 아이가 울어', '어린 아이'],
    ['loli art', 'loli'],
  ])('finds %s', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it('reports the age when one is given', () => {
    expect(detector.detect('a 9-year-old')[0].facts).toEqual({ basis: 'age', age: 9 });
    expect(detector.detect('a minor')[0].facts).toEqual({ basis: 'word' });
  });

  it.each([
    'a 25 year old woman',
    '아이폰 새로 샀어',
    '아이돌 콘서트',
    'i kidnapped the plot lol',
    'the adult section',
    '20살 여자',
  ])('ignores %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});
