import { hasSplitLetters, SPLIT_LETTERS } from './core-normalisers';
import { randomTexts } from '../../../test/factories/random-texts';

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
    for (const text of randomTexts(pool, { count: 30_000, maxLength: 14, seed: 11 })) {
      expect(hasSplitLetters(text)).toBe(SPLIT_LETTERS.test(text));
    }
  });
});
