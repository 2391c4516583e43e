import { PassportDetector } from './passport.detector';

const detector = new PassportDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('pii.passport', () => {
  it.each([
    ['여권번호 M12345678 입니다', 'M12345678', 'KR'],
    ['내 여권은 M123A4567 이야', 'M123A4567', 'KR'],
    ['my US passport number is 123456789', '123456789', 'US'],
    ['passport: S98765432', 'S98765432', 'KR'],
    ['M12345678 is my passport no', 'M12345678', 'KR'],
    // other countries' shapes and words
    ['numéro de passeport 12AB34567', '12AB34567', 'unknown'],
    ['パスポート番号 TK1234567', 'TK1234567', 'unknown'],
    ['mein Reisepass: C01X00T47', 'C01X00T47', 'unknown'],
  ])('finds %s', (text, expected, country) => {
    const hits = detector.detect(text);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual([expected]);
    expect(hits[0]).toMatchObject({ subcategory: 'passport', facts: { country } });
  });

  it.each([
    ['no passport word', 'my code is M12345678'],
    ['passport word far away', 'passport renewal is slow. ' + 'x '.repeat(40) + 'M12345678'],
    ['too few digits', 'passport M1234567'],
    ['just the word', 'i lost my passport in paris'],
    ['a year and a price', 'passport expires 2030 and i paid 150 dollars'],
    ['a word with digits', 'passeport perdu, vol AF1234 annulé'],
  ])('ignores %s', (_why, text) => {
    expect(found(text)).toEqual([]);
  });
});
