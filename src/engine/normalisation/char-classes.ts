import { isHangulSyllable } from './hangul';

/**
 * Unicode character classes the hot scanners need, per code point, computed once by regex and
 * cached: the tokeniser's (`TOKEN`: Hangul script, \p{N}, \p{L}) and the separator-join
 * pre-check's (`SPLIT_LETTERS`: \p{L}, \p{N} and its separator set).
 */
export const LETTER = 1;
export const NUMBER = 2;
export const HANGUL = 4;
export const SPLIT_SEPARATOR = 8;
const CLASSIFIED = 16;

const IS_LETTER_MARK_OR_NUMBER = /[\p{L}\p{M}\p{N}]/u;
const IS_LETTER = /^\p{L}$/u;
const IS_NUMBER = /^\p{N}$/u;
const IS_HANGUL = /^\p{Script=Hangul}$/u;
const IS_SPLIT_SEPARATOR = /^[\s.\-_*,·•/\\~+:;'"`^=]$/u;

/** Classes of BMP code points, filled on first sight (0: not classified yet). */
const bmpClasses = new Uint8Array(0x10000);
const astralClasses = new Map<number, number>();

function classify(char: string): number {
  return (
    CLASSIFIED |
    (IS_LETTER.test(char) ? LETTER : 0) |
    (IS_NUMBER.test(char) ? NUMBER : 0) |
    (IS_HANGUL.test(char) ? HANGUL : 0) |
    (IS_SPLIT_SEPARATOR.test(char) ? SPLIT_SEPARATOR : 0)
  );
}

/** The classes of one UTF-16 code unit (a lone surrogate is a code point of its own). */
export function unitClasses(code: number): number {
  const known = bmpClasses[code];
  if (known !== 0) return known;
  return (bmpClasses[code] = classify(String.fromCharCode(code)));
}

/** The classes of an astral code point (above U+FFFF). */
export function astralPointClasses(point: number): number {
  let known = astralClasses.get(point);
  if (known === undefined)
    astralClasses.set(point, (known = classify(String.fromCodePoint(point))));
  return known;
}

/** `/[\p{L}\p{M}\p{N}]/u` for one UTF-16 unit, without the regex for ASCII and Hangul syllables. */
export function isLetterOrNumber(code: number): boolean {
  if (code < 0x80) {
    return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  }
  if (isHangulSyllable(code)) return true;
  // Marks belong to their letter in the spaceless view: Thai vowels and tones are marks.
  return IS_LETTER_MARK_OR_NUMBER.test(String.fromCharCode(code));
}
