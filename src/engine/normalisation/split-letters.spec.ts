import { hasSplitLetters, SPLIT_LETTERS } from './core-normalisers';

describe('separator-join pre-check', () => {
  it('answers like SPLIT_LETTERS on chat text', () => {
    for (const text of [
      'k i l l',
      's.u.i.c.i.d.e',
      'i w a n t  t o  d i e',
      'k-y-s now',
      'a b',
      'so i think',
      'x y z1',
      '1 a b c',
      'ab c d e',
      'ㄱ ㄴ ㄷ',
      '가 나 다',
      'é . ß . a',
      'a\u00a0b\u3000c',
    ]) {
      expect(hasSplitLetters(text)).toBe(SPLIT_LETTERS.test(text));
    }
  });

  it('answers like SPLIT_LETTERS on random mixes of letters, digits and separators', () => {
    const pool = [
      'a',
      'Z',
      'k',
      '1',
      '٣',
      '가',
      'ㄱ',
      '漢',
      'é',
      ' ',
      ' ',
      '.',
      '-',
      '_',
      '*',
      ',',
      '·',
      '/',
      '\\',
      '~',
      '+',
      ':',
      "'",
      '"',
      '`',
      '^',
      '=',
      '\u00a0',
      '\u3000',
      '\t',
      '!',
      '😀',
      '\ud800',
    ];
    let seed = 11;
    const random = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let k = 0; k < 30_000; k++) {
      let text = '';
      const length = 1 + Math.floor(random() * 14);
      for (let i = 0; i < length; i++) text += pool[Math.floor(random() * pool.length)];
      expect(hasSplitLetters(text)).toBe(SPLIT_LETTERS.test(text));
    }
  });
});
