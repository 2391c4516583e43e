import * as OpenCC from 'opencc-js';
import type { MappedText, TextNormaliser } from '../plugin-registry/plugin-contract';
import { HOMOGLYPHS, isInvisible, LEET, strokeLetterFold } from './char-folding';
import {
  conjoiningToCompatibility,
  isCompatibilityJamo,
  isHangulSyllable,
  isVowelJamo,
  syllableAt,
} from './hangul';
import { LETTER, NUMBER, SPLIT_SEPARATOR, unitClasses } from './char-classes';
import { codeUnits } from './code-units';
import { MappedTextBuilder } from './mapped-text';
import {
  isSignalWord,
  isVocabularyWord,
  spelledWordLengths,
  unmaskedSignalWord,
  unmaskedWord,
} from './spelled-words';

/**
 * The engine's own normalisers (ids `core.*`), applied in this order to every turn before
 * phrases, lists and `regex` run. Each keeps the offset map back to the request text.
 */

const foldCache = new Map<number, string>();

/** NFKC-style folding of one code point, lower-cased, diacritics removed, Hangul kept intact. */
function foldCodePoint(code: number): string {
  if (code < 0x80)
    return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : String.fromCharCode(code);
  const cached = foldCache.get(code);
  if (cached !== undefined) return cached;
  let folded: string;
  if (isInvisible(code) || code === ARABIC_TATWEEL) folded = '';
  else if (isHangulSyllable(code) || isCompatibilityJamo(code)) folded = String.fromCharCode(code);
  else if (ARABIC_LETTER_FOLDS[code] !== undefined) folded = ARABIC_LETTER_FOLDS[code];
  else if (decimalDigit(code) >= 0) folded = String(decimalDigit(code));
  // Thai and Lao sara am: NFKD splits it into nikhahit and sara aa, which no one types and a
  // `regex` pattern written with the vowel would then never meet (ลืมคำสั่ง).
  else if (code === THAI_SARA_AM || code === LAO_SARA_AM) folded = String.fromCharCode(code);
  else {
    // Characters NFKD leaves whole: conjoining jamo and Latin letters with a stroke.
    const whole = conjoiningToCompatibility(code) ?? strokeLetterFold(code);
    if (whole) folded = whole;
    else {
      // NFKD folds width, ligatures, circled and mathematical letters; the combining
      // diacritics it separates out (U+0300..U+036F) are dropped so "kíll" reads "kill", and
      // so are Arabic vowel marks and hamza marks, so "لأقتله" reads as typed without them.
      folded = '';
      for (const char of String.fromCodePoint(code).normalize('NFKD')) {
        const c = char.codePointAt(0) ?? 0;
        if ((c >= 0x300 && c <= 0x36f) || isArabicMark(c)) continue;
        folded += conjoiningToCompatibility(c) ?? char;
      }
      folded = folded.normalize('NFC').toLowerCase();
    }
  }
  if (foldCache.size < 50_000) foldCache.set(code, folded);
  return folded;
}

const THAI_SARA_AM = 0x0e33;
const LAO_SARA_AM = 0x0eb3;

/** Kashida, the stretching stroke of Arabic script: typography, not a letter. */
const ARABIC_TATWEEL = 0x0640;

/** Arabic vowel marks (harakat), hamza above and below, and the superscript alef. */
const isArabicMark = (code: number): boolean =>
  (code >= 0x064b && code <= 0x065f) || code === 0x0670;

/**
 * Arabic letters many writers type in their plain form: alef wasla as alef (the hamza and
 * madda forms lose their marks in NFKD already) and alef maqsura as ya, so "لاقتله" and
 * "لأقتله", "على" and "علي" read alike.
 */
const ARABIC_LETTER_FOLDS: Readonly<Record<number, string>> = {
  0x0671: '\u0627',
  0x0649: '\u064a',
};

/** Zero digits of the decimal scripts people type numbers in, beside ASCII (NFKD keeps these). */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0x0ed0, 0x1040];

/** The value 0-9 of a decimal digit of those scripts ("٠٥٠" is "050"), or -1. */
function decimalDigit(code: number): number {
  for (const zero of DIGIT_ZEROS) if (code >= zero && code <= zero + 9) return code - zero;
  return -1;
}

/**
 * A `regex` pattern with its Arabic letters and other scripts' digits folded as turns fold them
 * ("أ" as "ا", "[٠-٩]" as "[0-9]"): a pattern is not normalised like phrases are, and these
 * folds change single characters only, so the pattern's syntax is untouched.
 */
export function arabicAndDigitsFolded(pattern: string): string {
  if (!ARABIC_OR_SCRIPT_DIGIT.test(pattern)) return pattern;
  return pattern.replace(ARABIC_OR_SCRIPT_DIGIT_ALL, (char) => foldCodePoint(char.charCodeAt(0)));
}
const ARABIC_OR_SCRIPT_DIGIT =
  /[\u0600-\u06ff\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\u0ed0-\u0ed9\u1040-\u1049]/;
const ARABIC_OR_SCRIPT_DIGIT_ALL = new RegExp(ARABIC_OR_SCRIPT_DIGIT.source, 'g');

/** Whether every character folds to itself except ASCII capitals (most English and Korean turns). */
function foldsToItself(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (isInvisible(code) || !(isHangulSyllable(code) || isCompatibilityJamo(code))) return false;
  }
  return true;
}

/** `foldCodePoint(code) === String.fromCharCode(code)`, answered without the fold. */
function foldsToItselfCode(code: number): boolean {
  if (code < 0x80) return !(code >= 65 && code <= 90);
  return !isInvisible(code) && (isHangulSyllable(code) || isCompatibilityJamo(code));
}

function unicodeFold(input: MappedText): MappedText {
  const { text, map } = input;
  // Same result as the loop below, one character per character: only A-Z change.
  if (foldsToItself(text)) return { text: text.toLowerCase(), map };
  const out = new MappedTextBuilder(text.length);
  // Characters that fold to themselves are copied in runs rather than one by one.
  let runStart = 0;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i) ?? 0;
    if (foldsToItselfCode(code)) {
      i++;
      continue;
    }
    out.pushSlice(text, map, runStart, i);
    const width = code > 0xffff ? 2 : 1;
    const folded = foldCodePoint(code);
    if (folded) out.push(folded, map[i]);
    i += width;
    runStart = i;
  }
  out.pushSlice(text, map, runStart, text.length);
  return out.build(map[text.length]);
}

const HAS_HOMOGLYPH = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`);

/** Homoglyph code units (all in the BMP) -> their Latin letter. */
const HOMOGLYPH_BY_CODE: readonly (string | undefined)[] = (() => {
  const table: (string | undefined)[] = [];
  for (const [char, latin] of Object.entries(HOMOGLYPHS)) table[char.charCodeAt(0)] = latin;
  return table;
})();

function homoglyphFold(input: MappedText): MappedText {
  const { text, map } = input;
  if (!HAS_HOMOGLYPH.test(text)) return input;
  // One letter for one letter: the map stays; unchanged runs are copied as slices.
  let out = '';
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const latin = HOMOGLYPH_BY_CODE[text.charCodeAt(i)];
    if (latin === undefined) continue;
    out += text.slice(runStart, i) + latin;
    runStart = i + 1;
  }
  return { text: out + text.slice(runStart), map };
}

/**
 * Composes stray compatibility jamo typed one by one ("ㅈㅜㄱㄱㅗ" -> "죽고"), also when they
 * are typed with a space between each ("ㅈ ㅏ ㅅ ㅏ ㄹ" -> "자살"). A run of consonants
 * without vowels (choseong abbreviations such as "ㅅㅂ") is left as it is.
 */
function hangulCompose(input: MappedText): MappedText {
  if (!/[\u314f-\u3163]/.test(input.text)) return input;
  const { text, map } = joinSpacedJamo(input);
  const out = new MappedTextBuilder(text.length);
  // Characters between composed syllables are copied in runs.
  let runStart = 0;
  let i = 0;
  while (i < text.length) {
    const found = syllableAt(text, i);
    if (found) {
      out.pushSlice(text, map, runStart, i);
      out.push(found.syllable, map[i]);
      i = found.next;
      runStart = i;
      continue;
    }
    i++;
  }
  out.pushSlice(text, map, runStart, text.length);
  return out.build(map[text.length]);
}

/**
 * Drops the single spaces inside a run of single jamo ("ㅈ ㅏ ㅅ ㅏ ㄹ" -> "ㅈㅏㅅㅏㄹ") so that
 * hangulCompose can build syllables from it. Only a run of three or more jamo standing alone
 * (spaces or the text's ends around it) in which every vowel follows a consonant is joined:
 * "ㅋ ㅋ ㅋ" (no vowel) and "ㅠ ㅠ" (vowels only) are left as typed.
 */
function joinSpacedJamo(input: MappedText): MappedText {
  const { text, map } = input;
  const out = new MappedTextBuilder(text.length);
  let copyFrom = 0;
  let changed = false;
  let i = 0;
  while (i < text.length) {
    const end = spacedJamoRunEnd(text, i);
    if (end === i) {
      i++;
      continue;
    }
    out.pushSlice(text, map, copyFrom, i);
    for (let k = i; k < end; k += 2) out.push(text[k], map[k]);
    copyFrom = i = end;
    changed = true;
  }
  if (!changed) return input;
  out.pushSlice(text, map, copyFrom, text.length);
  return out.build(map[text.length]);
}

/** The end (exclusive) of a joinable spaced-jamo run starting at `start`, or `start` if none. */
function spacedJamoRunEnd(text: string, start: number): number {
  // The jamo test first: it rules out almost every position without a regex.
  if (!isCompatibilityJamo(text.charCodeAt(start))) return start;
  if (start > 0 && !/\s/.test(text[start - 1])) return start;
  let last = start;
  let count = 0;
  let vowels = 0;
  for (let k = start; k < text.length && isCompatibilityJamo(text.charCodeAt(k)); k += 2) {
    if (isVowelJamo(text[k])) {
      // A vowel must follow a consonant of the run, else this is not a spelled-out syllable.
      if (k === start || isVowelJamo(text[k - 2])) return start;
      vowels++;
    }
    last = k;
    count++;
    if (text[k + 1] !== ' ') break;
  }
  const next = text[last + 1];
  if (count < 3 || vowels === 0 || (next !== undefined && !/\s/.test(next))) return start;
  return last + 1;
}

export const isAsciiLetter = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isAsciiDigit = (code: number): boolean => code >= 48 && code <= 57;

// ASCII and Hangul syllables are answered without a regex (same answers, far cheaper).
const isLetter = (char: string | undefined): boolean => {
  if (!char) return false;
  const code = char.charCodeAt(0);
  if (code < 0x80) return isAsciiLetter(code);
  if (isHangulSyllable(code)) return true;
  return /\p{L}/u.test(char);
};
const isDigit = (char: string | undefined): boolean => !!char && char >= '0' && char <= '9';
const isWordChar = (char: string | undefined): boolean => !!char && isWordCode(char.charCodeAt(0));
/** Code units LEET reads as letters (every LEET key is one UTF-16 unit). */
const LEET_CODES = new Uint8Array(0x10000);
for (const char of Object.keys(LEET)) LEET_CODES[char.charCodeAt(0)] = 1;
const isLeetCode = (code: number): boolean => LEET_CODES[code] === 1;
/** `isWordChar` of one UTF-16 unit, by its code (no one-character string per test). */
function isWordCode(code: number): boolean {
  if (code < 0x80) return isAsciiLetter(code) || isAsciiDigit(code) || isLeetCode(code);
  if (isHangulSyllable(code)) return true;
  return isLeetCode(code) || /[\p{L}\p{N}]/u.test(String.fromCharCode(code));
}

/**
 * Reads digits and symbols as letters inside words: "k1ll", "h4te", "$uicide", "sh!t".
 * Plain numbers ("14", "2024") and number-first words ("14yo", "3rd", "10am") stay as
 * they are, so ages and quantities survive for the rules that need them.
 */
function leetspeakFold(input: MappedText): MappedText {
  const { text, map } = input;
  if (!/[0-9@$!|€]/.test(text)) return input;
  // Words are found on the text itself (folding keeps word characters word characters);
  // only words holding a leet character are copied out and folded, the rest is copied in runs.
  let folded = '';
  let copyFrom = 0;
  let i = 0;
  while (i < text.length) {
    if (!isWordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i;
    let hasLeet = false;
    while (end < text.length && isWordCode(text.charCodeAt(end))) {
      if (isLeetCode(text.charCodeAt(end))) hasLeet = true;
      end++;
    }
    if (hasLeet) {
      const chars = text.slice(i, end).split('');
      if (foldWord(chars)) {
        folded += text.slice(copyFrom, i) + chars.join('');
        copyFrom = end;
      }
    }
    i = end;
  }
  // One character for one character: the map stays.
  const result = copyFrom > 0 ? folded + text.slice(copyFrom) : text;
  const withPronoun = result.includes("1'") ? result.replace(ONE_AS_I, 'i') : result;
  return withPronoun !== text ? { text: withPronoun, map } : input;
}

/** A lone 1 before a contraction is the pronoun I: "1'm 14", "1'll k!ll you". */
const ONE_AS_I = /(?<![\p{L}\p{N}'])1(?='(?:m|ll|d|ve)(?![\p{L}\p{N}]))/gu;

const isCyrillic = (code: number): boolean => code >= 0x400 && code <= 0x4ff;
const isCyrillicOrAscii = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return isCyrillic(code) || isAsciiLetter(code);
};

/**
 * A Cyrillic word (by now partly in Latin look-alikes: "правила" is "пpabилa", see core.homoglyph)
 * with a leet character between two of its letters ("пр@вила", "уб0ю"): that character is
 * folded as in Latin words, so the word reads as its phrases do. Digits at a word's edge stay
 * ("14лет" is an age). Returns whether anything changed.
 */
function foldCyrillicWord(chars: string[]): boolean {
  let changed = false;
  for (let k = 1; k + 1 < chars.length; k++) {
    const letter = LEET[chars[k]];
    if (
      letter !== undefined &&
      isCyrillicOrAscii(chars[k - 1]) &&
      isCyrillicOrAscii(chars[k + 1])
    ) {
      chars[k] = letter;
      changed = true;
    }
  }
  return changed;
}

/** Folds the leet characters of one word in place; returns whether anything changed. */
function foldWord(chars: string[]): boolean {
  const start = 0;
  const end = chars.length;
  let letters = 0;
  let digits = 0;
  let cyrillic = 0;
  for (let k = start; k < end; k++) {
    const code = chars[k].charCodeAt(0);
    if (isAsciiLetter(code)) letters++;
    // A digit repeated past two counts twice, as squeezed letters do: "sh00000t" is "shoot"
    // stretched out, not a number with a few letters.
    else if (isAsciiDigit(code))
      digits += k >= 2 && chars[k - 1] === chars[k] && chars[k - 2] === chars[k] ? 0 : 1;
    else if (isCyrillic(code)) cyrillic++;
    // Digits next to CJK or Hangul are ages and counts ("14歳", "섹1스" is handled elsewhere).
    else if (isLetter(chars[k])) return false;
  }
  if (cyrillic > 0) return foldCyrillicWord(chars);
  if (letters === 0 || digits > letters) return false;
  // Letters then a number ("base64", "mp3", "covid19") name things: digits left as they are.
  let trailingDigits = 0;
  while (trailingDigits < end - start && isDigit(chars[end - 1 - trailingDigits])) trailingDigits++;
  if (trailingDigits > 0 && trailingDigits === digits && trailingDigits < end - start) {
    const beforeDigits = chars[end - 1 - trailingDigits];
    if (isAsciiLetter(beforeDigits.charCodeAt(0)) && letters >= 2) return false;
  }
  // Number-first words ("14yo", "3rd", "24h") are quantities, not disguised letters,
  // unless a single leading digit is followed by a real word ("1diot", "5hit").
  let leadingDigits = 0;
  while (start + leadingDigits < end && isDigit(chars[start + leadingDigits])) leadingDigits++;
  if (leadingDigits > 1 || (leadingDigits === 1 && letters < 3)) return false;
  // A run of "!" ending the word is punctuation ("die!!", "you!!!"), never letters.
  let foldEnd = end;
  while (foldEnd > start && chars[foldEnd - 1] === '!') foldEnd--;
  let changed = false;
  for (let k = start; k < foldEnd; k++) {
    const char = chars[k];
    const letter = LEET[char];
    if (letter === undefined) continue;
    const before = k > start ? chars[k - 1] : undefined;
    const after = k + 1 < foldEnd ? chars[k + 1] : undefined;
    const symbol = !isDigit(char);
    // Symbols need a letter on both sides, or must start the word ("$uicide", "@ss").
    const fold = symbol
      ? (k === start && isWordChar(after)) || (isWordChar(before) && isWordChar(after))
      : isWordChar(before) || isWordChar(after);
    if (fold) {
      chars[k] = letter;
      changed = true;
    }
  }
  return changed;
}

/**
 * Syllables that count things after a number ("8살", "3번", "2층", "1학년"): a digit before
 * one of them is a quantity, not noise.
 */
const COUNTER_SYLLABLES = new Set([
  ...'살세번회층일시분초개명년월원장절차등위권편화주배박만천백십억점호동줄판잔병대인곳달쪽학교기부급단승패골칸켤채척건끼알쌍평',
]);

/** School levels before a grade number ("중2", "고1때", "초6이야"). */
const SCHOOL_LEVELS = new Set(['초', '중', '고', '대']);

/**
 * Drops a single digit or censor "x" typed inside a Hangul word to break it up ("섹1스", "병1신",
 * "시x발"). Numbers stay: a digit before a counter ("너8살", "3번") or after a school level
 * ("고1때"); longer numbers never match (the character must sit between two syllables).
 */
function hangulInsertedNoise(input: MappedText): MappedText {
  const { text, map } = input;
  if (!HANGUL_NOISE_HANGUL.test(text)) return input;
  const out = new MappedTextBuilder(text.length);
  let runStart = 0;
  for (let i = 1; i + 1 < text.length; i++) {
    const censor = text[i] === 'x';
    if (!(censor || isDigit(text[i])) || !isHangulSyllable(text.charCodeAt(i - 1))) continue;
    if (!isHangulSyllable(text.charCodeAt(i + 1))) continue;
    if (!censor && (COUNTER_SYLLABLES.has(text[i + 1]) || SCHOOL_LEVELS.has(text[i - 1]))) continue;
    out.pushSlice(text, map, runStart, i);
    runStart = i + 1;
  }
  if (runStart === 0) return input;
  out.pushSlice(text, map, runStart, text.length);
  return out.build(map[text.length]);
}
const HANGUL_NOISE_HANGUL = /[\uac00-\ud7a3][0-9x][\uac00-\ud7a3]/;

/**
 * Reads masked letters inside a word as the word they hide: one masked vowel as the vocabulary
 * word it spells ("f*ck", "k*ll", "m*rder", "b#tch"), other and longer masks only when a single
 * signal word fits ("k**l", "s*upid", "w**thless", "f***"). A mask that fits nothing known is left
 * for the separator step. Masks become letters one for one, so offsets do not move.
 */
function maskedLetterFill(input: MappedText): MappedText {
  const { text, map } = input;
  if (!MASKED_LETTER.test(text)) return input;
  let chars: string[] | null = null;
  for (const match of text.matchAll(MASKED_WORD)) {
    const masked = match[0].replace(/[*#]/g, '*');
    const word = unmaskedVowelWord(masked) ?? unmaskedSignalWord(masked);
    if (!word) continue;
    chars ??= text.split('');
    for (let i = 0; i < word.length; i++) chars[match.index + i] = word[i];
  }
  return chars ? { text: chars.join(''), map } : input;
}

/** The old single-vowel reading: one mask between letters, filled with a vowel. */
function unmaskedVowelWord(masked: string): string | null {
  const mask = masked.indexOf('*');
  if (mask <= 0 || mask === masked.length - 1 || masked.indexOf('*', mask + 1) >= 0) return null;
  return unmaskedWord(masked.slice(0, mask), masked.slice(mask + 1));
}
const MASKED_LETTER = /[a-z][*#]/;
/**
 * A whole word (no letter or digit on either side) of a letter, then masks and letters with at
 * most three masks in a row: "f*ck", "k**l", "f***".
 */
const MASKED_WORD = /(?<![\p{L}\p{N}*#])[a-z]+(?:[*#]{1,3}[a-z]*)+(?![\p{L}\p{N}*#])/gu;

/** Chat abbreviations written with a slash, and the words they stand for. */
const SLASH_SHORTHAND: Readonly<Record<string, string>> = {
  'w/o': 'without',
  'w/out': 'without',
  'b/c': 'because',
  'w/e': 'whatever',
  'w/': 'with',
};
/** A whole abbreviation; "w/" alone may run into the next word ("w/you"). */
const SLASH_SHORTHAND_WORD =
  /(?<![\p{L}\p{N}/])(?:(?:w\/out|w\/o|w\/e|b\/c)(?![\p{L}\p{N}/])|w\/(?![\p{N}/]))/gu;

/**
 * Spells out "w/o", "b/c", "w/e" and "w/" ("i cant live w/o u" -> "i cant live without u"), so
 * phrases written in full match them; "w/o" and "b/c" are otherwise split at the slash.
 */
function slashShorthandExpand(input: MappedText): MappedText {
  const { text, map } = input;
  if (!text.includes('/')) return input;
  let out: MappedTextBuilder | null = null;
  let copyFrom = 0;
  for (const match of text.matchAll(SLASH_SHORTHAND_WORD)) {
    const at = match.index;
    const end = at + match[0].length;
    const word = SLASH_SHORTHAND[match[0]];
    out ??= new MappedTextBuilder(text.length + 8);
    out.pushSlice(text, map, copyFrom, at);
    const glued = match[0] === 'w/' && /\p{L}/u.test(text[end] ?? '');
    out.push(glued ? `${word} ` : word, map[at]);
    copyFrom = end;
  }
  if (!out) return input;
  out.pushSlice(text, map, copyFrom, text.length);
  return out.build(map[text.length]);
}

const SEPARATOR = /[\s.\-_*,·•/\\~+:;'"`^=]/;
const isSingleSeparatedLetter = (char: string | undefined): boolean => {
  if (!char) return false;
  const code = char.charCodeAt(0);
  if (code < 0x80) return isAsciiLetter(code);
  return /\p{L}/u.test(char) && !/[\uac00-\ud7a3\u3131-\u318e]/.test(char);
};
/** `/[\p{L}\p{N}]/u`, answered without a regex for ASCII and Hangul syllables. */
const isLetterOrNumber = (char: string): boolean => {
  const code = char.charCodeAt(0);
  if (code < 0x80) return isAsciiLetter(code) || isAsciiDigit(code);
  if (isHangulSyllable(code)) return true;
  return /[\p{L}\p{N}]/u.test(char);
};

/**
 * Joins runs of three or more single letters split by separators ("k i l l",
 * "s.u.i.c.i.d.e", "k-y-s") into words. Wider gaps inside a run separate words
 * ("i w a n t  t o  d i e" -> "i want to die"). Hangul is left alone:
 * its phrases match in a spacing-free view instead.
 */
/** Cheap pre-check: three single letters in a row, separated (the only case worth a scan). */
export const SPLIT_LETTERS =
  /(?:^|[^\p{L}\p{N}])\p{L}[\s.\-_*,·•/\\~+:;'"`^=]{1,3}\p{L}[\s.\-_*,·•/\\~+:;'"`^=]{1,3}\p{L}(?![\p{L}\p{N}])/u;

/** End of the 1-3 separators from `i` when a letter follows them, else -1. */
function separatorsThenLetter(units: Uint16Array, i: number): number {
  let end = i;
  while (end < units.length && end - i < 3 && (unitClasses(units[end]) & SPLIT_SEPARATOR) !== 0) {
    end++;
  }
  if (end === i || end >= units.length || (unitClasses(units[end]) & LETTER) === 0) return -1;
  return end;
}

/**
 * `SPLIT_LETTERS.test(text)`, answered on cached character classes (that regex tests large
 * Unicode classes at every position of every turn). Texts with surrogates ask the regex.
 */
export function hasSplitLetters(text: string): boolean {
  const units = codeUnits(text);
  for (let k = 0; k < units.length; k++) {
    const code = units[k];
    if (code >= 0xd800 && code <= 0xdfff) return SPLIT_LETTERS.test(text);
  }
  for (let k = 0; k + 4 < units.length; k++) {
    if ((unitClasses(units[k]) & LETTER) === 0) continue;
    if (k > 0 && (unitClasses(units[k - 1]) & (LETTER | NUMBER)) !== 0) continue;
    const second = separatorsThenLetter(units, k + 1);
    if (second < 0) continue;
    const third = separatorsThenLetter(units, second + 1);
    if (third < 0) continue;
    if (third + 1 >= units.length) return true;
    if ((unitClasses(units[third + 1]) & (LETTER | NUMBER)) === 0) return true;
  }
  return false;
}

function separatorJoin(input: MappedText): MappedText {
  const { text, map } = input;
  if (!hasSplitLetters(text)) return input;
  const out = new MappedTextBuilder(text.length);
  let i = 0;
  let changed = false;
  // Characters outside joined runs are copied in runs.
  let copyFrom = 0;
  while (i < text.length) {
    if (!canStartRun(text, i)) {
      i++;
      continue;
    }
    const run = singleLetterRun(text, i);
    dropTrailingWord(text, run);
    if (run.letters.length >= 3) {
      out.pushSlice(text, map, copyFrom, i);
      spelledWords(text, run).forEach((word, index) => {
        // Words of the run are kept apart by one space, mapped to the gap after the word before.
        if (index > 0) out.push(' ', map[word[0] - 1]);
        for (const position of word) out.push(text[position], map[position]);
      });
      i = run.end;
      copyFrom = i;
      changed = true;
      continue;
    }
    i++;
  }
  if (!changed) return input;
  out.pushSlice(text, map, copyFrom, text.length);
  return out.build(map[text.length]);
}

/**
 * The words of a single-letter run, as lists of letter positions. A gap wider than the
 * letter spacing, or a space where letters are joined by other separators ("w-a-n-t t-o"),
 * is a word break; a group with no break inside is split by the spelled-word vocabulary
 * ("iwanttodie" -> "i want to die") or else kept as one word.
 */
function spelledWords(text: string, run: { letters: number[]; gaps: number[] }): number[][] {
  const narrowest = Math.min(...run.gaps);
  const spaced = run.gaps.map((_, index) =>
    hasWhitespace(text, run.letters[index] + 1, run.letters[index + 1]),
  );
  const lettersJoinedBySymbols = spaced.some((isSpaced) => !isSpaced);
  const groups: number[][] = [[]];
  run.letters.forEach((position, index) => {
    groups[groups.length - 1].push(position);
    const gap = run.gaps[index];
    if (gap === undefined) return;
    if (gap > narrowest || (lettersJoinedBySymbols && spaced[index])) groups.push([]);
  });
  return groups.flatMap((group) => {
    const sizes = spelledWordLengths(group.map((position) => text[position]).join(''));
    if (!sizes) return [group];
    let from = 0;
    return sizes.map((size) => group.slice(from, (from += size)));
  });
}

function hasWhitespace(text: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (/\s/.test(text[k])) return true;
  return false;
}

/**
 * "w r i t e a smut": a final "a" or "i" followed by an ordinary word is the English word,
 * not the run's last letter. (A spaced word really ending in a/i before another word,
 * "v i a g r a pills", loses its last letter; prefix phrases still find it.)
 */
function dropTrailingWord(text: string, run: { letters: number[]; gaps: number[]; end: number }) {
  if (run.letters.length < 4) return;
  const last = run.letters[run.letters.length - 1];
  if (text[last] !== 'a' && text[last] !== 'i') return;
  let next = last + 1;
  while (next < text.length && SEPARATOR.test(text[next])) next++;
  if (next === last + 1 || !isLetterOrNumber(text[next] ?? ' ')) return;
  if (!isLetterOrNumber(text[next + 1] ?? ' ')) return;
  run.letters.pop();
  run.gaps.pop();
  run.end = run.letters[run.letters.length - 1] + 1;
}

const isApostrophe = (char: string): boolean => char === "'" || char === '\u2019';

/** A single letter not glued to a letter or digit on either side. */
function standsAloneAt(text: string, k: number): boolean {
  return isSingleSeparatedLetter(text[k]) && !isLetterOrNumber(text[k + 1] ?? ' ');
}

/** Whether a single-letter run can start at `start` (checked before any allocation). */
function canStartRun(text: string, start: number): boolean {
  return !(start > 0 && isLetterOrNumber(text[start - 1])) && standsAloneAt(text, start);
}

/** "i'm", "x'y" followed by something other than another apostrophe-spaced letter. */
function isContraction(text: string, k: number): boolean {
  const after = k + 3;
  return !(isApostrophe(text[after] ?? '') && standsAloneAt(text, after + 1));
}

/** Single letters separated by 1-3 separator characters from `start`, with the gap widths. */
function singleLetterRun(
  text: string,
  start: number,
): { letters: number[]; gaps: number[]; end: number } {
  const letters: number[] = [];
  const gaps: number[] = [];
  if (!canStartRun(text, start)) return { letters, gaps, end: start };
  const standsAlone = (k: number) => standsAloneAt(text, k);
  let k = start;
  let end = start;
  let apostropheRun = false;
  while (k < text.length && standsAlone(k)) {
    letters.push(k);
    end = k + 1;
    let gap = 0;
    let next = k + 1;
    while (next < text.length && gap < 3 && SEPARATOR.test(text[next])) {
      next++;
      gap++;
    }
    if (gap === 0 || next >= text.length || !standsAlone(next)) break;
    // A lone apostrophe is a contraction ("i'm a minor"), not letter spacing, unless the
    // whole run is spaced that way ("k'i'l'l").
    const apostrophe = gap === 1 && isApostrophe(text[k + 1]);
    if (gaps.length > 0 ? apostrophe !== apostropheRun : apostrophe && isContraction(text, k)) {
      break;
    }
    if (gaps.length === 0) apostropheRun = apostrophe;
    gaps.push(gap);
    k = next;
  }
  return { letters, gaps, end };
}

/**
 * Squeezes a letter repeated three or more times to two ("diiiie" -> "diie",
 * "killll" -> "kill"). Token matching then also tries the single-letter reading
 * ("die"), so both "die" and "kill" are found; doubles in normal words stay intact.
 */
/** A letter three times in a row, by the same test the squeeze applies (no regex per turn). */
function hasTripleLetter(text: string): boolean {
  const units = codeUnits(text);
  for (let i = 2; i < units.length; i++) {
    const code = units[i];
    if (code === units[i - 1] && code === units[i - 2] && isLetter(text[i])) return true;
  }
  return false;
}

function squeezeRepeats(input: MappedText): MappedText {
  const { text, map } = input;
  if (!hasTripleLetter(text)) return input;
  const out = new MappedTextBuilder(text.length);
  // Kept characters are copied in runs, each keeping its own offset.
  let runStart = 0;
  for (let i = 2; i < text.length; i++) {
    if (text[i] === text[i - 1] && text[i] === text[i - 2] && isLetter(text[i])) {
      out.pushSlice(text, map, runStart, i);
      runStart = i + 1;
    }
  }
  out.pushSlice(text, map, runStart, text.length);
  return out.build(map[text.length]);
}

/** A Latin word cut by one or two inner separators: "sui-cide", "mur.der", "k_ill". */
const INNER_SPLIT_WORD = /[a-z]+(?:[-._*·~+][a-z]+){1,2}/g;
const HAS_INNER_SPLIT = /[a-z][-._*·~+][a-z]/;
const INNER_SEPARATOR = /[-._*·~+]/;

/**
 * Joins a signal word cut from inside by a separator ("sui-cide" -> "suicide", "mur.der" ->
 * "murder"): the single-letter join needs three lone letters, and the pieces of "sui-cide" are
 * not letters. Only when the joined word is one people disguise (`isSignalWord`) and the pieces
 * are not all words themselves, so compounds ("self-harm", "be-at") and everyday hyphenation,
 * abbreviations and addresses stay as written.
 */
function splitWordJoin(input: MappedText): MappedText {
  const { text, map } = input;
  if (!HAS_INNER_SPLIT.test(text)) return input;
  let out: MappedTextBuilder | null = null;
  let copyFrom = 0;
  for (const match of text.matchAll(INNER_SPLIT_WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    // Whole words only: "4sui-cide" or "sui-cide-ish" is not one split word.
    if (start > 0 && isWordUnit(text.charCodeAt(start - 1))) continue;
    if (
      end < text.length &&
      (isWordUnit(text.charCodeAt(end)) || isSplitSeparatorThenLetter(text, end))
    ) {
      continue;
    }
    const pieces = match[0].split(INNER_SEPARATOR);
    if (!isSignalWord(pieces.join('')) || pieces.every(isVocabularyWord)) continue;
    out ??= new MappedTextBuilder(text.length);
    out.pushSlice(text, map, copyFrom, start);
    // Each letter keeps its own offset; the separators are dropped.
    for (let k = start; k < end; k++) {
      if (!INNER_SEPARATOR.test(text[k])) out.pushSlice(text, map, k, k + 1);
    }
    copyFrom = end;
  }
  if (!out) return input;
  out.pushSlice(text, map, copyFrom, text.length);
  return out.build(map[text.length]);
}

const isWordUnit = (code: number): boolean => (unitClasses(code) & (LETTER | NUMBER)) !== 0;

/** A separator and then a letter at `at`: the split word goes on past the pieces matched. */
const isSplitSeparatorThenLetter = (text: string, at: number): boolean =>
  INNER_SEPARATOR.test(text[at]) && at + 1 < text.length && /[a-z]/.test(text[at + 1]);

/** A reflexive pronoun written in two words: "my self", "your selves", "him self". */
const SPLIT_REFLEXIVE = /\b(?:my|your|him|her|it|our|them) (?:self|selves)\b/g;

/**
 * Joins a reflexive pronoun split in two ("kill my self" -> "kill myself"), so phrases written
 * with the one-word form match. "my self-esteem" is a compound and stays as written.
 */
function reflexiveJoin(input: MappedText): MappedText {
  const { text, map } = input;
  if (!text.includes(' sel')) return input;
  let out: MappedTextBuilder | null = null;
  let copyFrom = 0;
  for (const match of text.matchAll(SPLIT_REFLEXIVE)) {
    if (text[match.index + match[0].length] === '-') continue;
    const space = match.index + match[0].indexOf(' ');
    out ??= new MappedTextBuilder(text.length);
    out.pushSlice(text, map, copyFrom, space);
    copyFrom = space + 1;
  }
  if (!out) return input;
  out.pushSlice(text, map, copyFrom, text.length);
  return out.build(map[text.length]);
}

/** Taiwan/Hong Kong Traditional characters to Simplified (OpenCC's tables). */
const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/;

/**
 * Han characters written in their Simplified forms, one for one ("殺" -> "杀", "沒" -> "没"); a
 * character whose conversion would change the length is kept. Applied to turns, phrases and
 * `regex` patterns alike, so one rule in either script matches both (Japanese kanji included:
 * both sides convert the same way).
 */
export function simplifiedHan(text: string): string {
  if (!HAN.test(text)) return text;
  const converted = toSimplified(text);
  if (converted.length === text.length) return converted;
  let oneForOne = '';
  for (const char of text) {
    const simplified = HAN.test(char) ? toSimplified(char) : char;
    oneForOne += simplified.length === char.length ? simplified : char;
  }
  return oneForOne;
}

/** Traditional Chinese as Simplified (see `simplifiedHan`); the map stays. */
function simplifiedChinese(input: MappedText): MappedText {
  const text = simplifiedHan(input.text);
  return text === input.text ? input : { text, map: input.map };
}

const normaliser = (id: string, normalise: (input: MappedText) => MappedText): TextNormaliser => ({
  id,
  normalise,
});

export const CORE_NORMALISERS: readonly TextNormaliser[] = [
  normaliser('core.unicode', unicodeFold),
  normaliser('core.homoglyph', homoglyphFold),
  normaliser('core.chinese-simplified', simplifiedChinese),
  normaliser('core.hangul-compose', hangulCompose),
  normaliser('core.leetspeak', leetspeakFold),
  normaliser('core.hangul-noise', hangulInsertedNoise),
  normaliser('core.masked-letters', maskedLetterFill),
  normaliser('core.slash-shorthand', slashShorthandExpand),
  normaliser('core.separators', separatorJoin),
  normaliser('core.squeeze', squeezeRepeats),
  normaliser('core.split-word', splitWordJoin),
  normaliser('core.reflexive-join', reflexiveJoin),
];

export function coreNormaliser(id: string): TextNormaliser {
  const found = CORE_NORMALISERS.find((n) => n.id === id);
  if (!found) throw new Error(`unknown core normaliser ${id}`);
  return found;
}
