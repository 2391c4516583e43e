import type { MappedText, TextNormaliser } from '../plugin-registry/plugin-contract';
import { koreanViews } from './korean-views';
import { LEET } from './char-folding';
import { CORE_NORMALISERS, isAsciiLetter } from './core-normalisers';
import { isCompatibilityConsonant, isHangulSyllable, singleConsonant } from './hangul';
import {
  astralPointClasses,
  HANGUL,
  isLetterOrNumber,
  LETTER,
  NUMBER,
  unitClasses,
} from './char-classes';
import { codeUnits } from './code-units';
import { withoutEnglishFillers, type TokensWithoutFillers } from './filler-words';
import { mappedFromString } from './mapped-text';
import { keyboardKoreanView } from './qwerty-hangul';
import { isSignalWord } from './spelled-words';
import { typoReading } from './typo-readings';

/**
 * Everything the matchers need about one turn, computed once and shared by all rules:
 * the normalised text with its token index, a spacing-free view for Hangul phrases and a
 * choseong view for consonant abbreviations ("ㅅㅂ", "ㅈㅅ").
 */

export type Token = {
  /** Offsets in the normalised text. */
  start: number;
  end: number;
  /** Offsets in the original text. */
  originalStart: number;
  originalEnd: number;
  key: string;
  /**
   * A second reading: for elongated words the stretched letters single ("diiie" -> "die",
   * "kiiill" -> "kill"); also disguised words, chat shorthand and misspelt signal words
   * ("sucide" -> "suicide", see `typo-readings.ts`).
   */
  alt: string | null;
  /**
   * Position in proximity units (`near`): one per word, one per 3 characters of unspaced Hangul
   * and one per 3 Hangul syllables typed one by one.
   */
  unit: number;
  units: number;
};

/**
 * A view derived from the normalised text; `toNormalised[i]` is the offset of view char i, and
 * `toNormalisedEnd[i]`, where one view char stands for several (a syllable typed as letters), the
 * end of what it stands for (else the next offset).
 */
export type DerivedView = { text: string; toNormalised: Int32Array; toNormalisedEnd?: Int32Array };

export class TurnText {
  readonly normalised: MappedText;
  /** The UTF-16 code units of the normalised text (see `codeUnits`). */
  readonly units: Uint16Array;
  readonly tokens: Token[];
  private compactView: DerivedView | undefined;
  private choseongView: DerivedView | undefined | null;
  private koreanReadings: DerivedView[] | undefined;
  private keyboardKoreanReading: DerivedView | null | undefined;
  private tokensLessFillers: TokensWithoutFillers | null | undefined;
  private lowerOriginal: string | undefined;
  private lowerNormalised: string | undefined;

  constructor(
    readonly original: string,
    normalisers: readonly TextNormaliser[] = CORE_NORMALISERS,
  ) {
    let mapped = mappedFromString(original);
    for (const normaliser of normalisers) mapped = normaliser.normalise(mapped);
    this.normalised = mapped;
    this.units = codeUnits(mapped.text);
    this.tokens = tokenise(original, mapped, this.units);
  }

  get hasHangul(): boolean {
    return /[\uac00-\ud7a3]/.test(this.normalised.text);
  }

  /** Letters and digits only (spaces and punctuation removed), for Hangul phrases. */
  get compact(): DerivedView {
    this.compactView ??= buildCompactView(this.normalised.text);
    return this.compactView;
  }

  /**
   * Spacing-free views with Korean second-person words (당신, 님, 니, ...) spelt the 너 way and
   * filler adverbs left out, for Hangul phrases; empty when the turn has neither (see
   * `korean-views.ts`).
   */
  get koreanViews(): DerivedView[] {
    this.koreanReadings ??= koreanViews(this.normalised.text, this.tokens);
    return this.koreanReadings;
  }

  /**
   * The turn with Korean typed in English mode read as Hangul ("wnrrhtlvek" -> 죽고싶다), for
   * Hangul phrases; null when no token reads so (see `qwerty-hangul.ts`).
   */
  get keyboardKorean(): DerivedView | null {
    if (this.keyboardKoreanReading === undefined) {
      this.keyboardKoreanReading = keyboardKoreanView(
        this.original,
        this.normalised.text,
        this.tokens,
      );
    }
    return this.keyboardKoreanReading;
  }

  /** The tokens without filler words ("i just really want to die"); null when there are none. */
  get tokensWithoutFillers(): TokensWithoutFillers | null {
    if (this.tokensLessFillers === undefined) {
      this.tokensLessFillers = withoutEnglishFillers(this.tokens);
    }
    return this.tokensLessFillers;
  }

  /** Runs of stray consonant jamo, doubles folded (ㅆ -> ㅅ), runs separated by a space; null if none. */
  get choseong(): DerivedView | null {
    if (this.choseongView === undefined) {
      const text = this.normalised.text;
      this.choseongView = /[\u3131-\u314e]/.test(text) ? buildChoseongView(text) : null;
    }
    return this.choseongView;
  }

  /**
   * The original (`raw`) or normalised text lower-cased, for case-insensitive literal tests.
   * "ſ" (long s) becomes "s" too: RE2's case folding matches it for s.
   */
  lowerCased(raw: boolean): string {
    if (raw) return (this.lowerOriginal ??= lowerCaseFolded(this.original));
    return (this.lowerNormalised ??= lowerCaseFolded(this.normalised.text));
  }

  /** Original-text span of the normalised range [start, end). */
  originalSpan(start: number, end: number): { start: number; end: number } {
    const { map, text } = this.normalised;
    const from = map[start];
    let to: number;
    if (end >= text.length) to = map[text.length];
    else to = map[end] > map[end - 1] ? map[end] : map[end - 1] + 1;
    // Characters the normalisers dropped after the match (spaces, zero-width) are not part of it.
    return { start: from, end: Math.max(from, trimDropped(this.original, from, to)) };
  }

  /** Proximity unit of an original-text offset (nearest token at or before it). */
  unitAtOriginal(offset: number): number {
    const tokens = this.tokens;
    let low = 0;
    let high = tokens.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (tokens[mid].originalStart <= offset) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    if (found < 0) return 0;
    const token = tokens[found];
    if (token.units === 1 || offset >= token.originalEnd) return token.unit;
    return token.unit + Math.min(token.units - 1, Math.floor((offset - token.originalStart) / 3));
  }
}

function lowerCaseFolded(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('\u017f') ? lower.replaceAll('\u017f', 's') : lower;
}

/**
 * Letters and digits, split where Latin (or other non-Hangul) letters run straight into Hangul
 * ("base64로", "DAN이야" -> "base64" + "로") so English phrases still match as words.
 * The definition of a token: `tokenEnd` finds exactly its matches without running it (the
 * regex engine's match objects cost more than the rest of tokenising), a spec checks both agree.
 */
export const TOKEN =
  /\p{N}*\p{Script=Hangul}[\p{Script=Hangul}\p{N}]*|(?:(?!\p{Script=Hangul})[\p{L}\p{N}])+/gu;
/**
 * `/[\s\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/` for one UTF-16 unit, without a regex or a
 * one-character string per test (it runs at least once per token).
 */
function isDroppedTrailing(code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0xad ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Characters the normalisers dropped after a match (spaces, zero-width) are not part of it. */
function trimDropped(original: string, from: number, to: number): number {
  let end = to;
  while (end > from + 1 && isDroppedTrailing(original.charCodeAt(end - 1))) end--;
  return end;
}
const LONG_HANGUL_TOKEN = 6;

/** Whether a surrogate pair (one astral code point) starts at `i`. */
function isSurrogatePairAt(units: Uint16Array, i: number): boolean {
  const code = units[i];
  if (code < 0xd800 || code > 0xdbff || i + 1 >= units.length) return false;
  const next = units[i + 1];
  return next >= 0xdc00 && next <= 0xdfff;
}

/** The classes of the code point starting at `i` (a lone surrogate is a code point of its own). */
function classAt(units: Uint16Array, i: number): number {
  if (!isSurrogatePairAt(units, i)) return unitClasses(units[i]);
  return astralPointClasses((units[i] - 0xd800) * 0x400 + (units[i + 1] - 0xdc00) + 0x10000);
}

/** UTF-16 width of the code point starting at `i`. */
function widthAt(units: Uint16Array, i: number): number {
  return isSurrogatePairAt(units, i) ? 2 : 1;
}

/** End of the run from `i` of code points having one of `any` and none of `none`. */
function runEnd(units: Uint16Array, i: number, any: number, none: number): number {
  let end = i;
  while (end < units.length) {
    const classes = classAt(units, end);
    if ((classes & any) === 0 || (classes & none) !== 0) break;
    end += widthAt(units, end);
  }
  return end;
}

/**
 * End of the `TOKEN` match starting at `i`, or -1 when none starts there: the regex's
 * leftmost-first answer, computed on cached character classes instead of by the regex engine.
 */
function tokenEnd(units: Uint16Array, i: number): number {
  const classes = classAt(units, i);
  if ((classes & HANGUL) !== 0) return runEnd(units, i, HANGUL | NUMBER, 0);
  if ((classes & NUMBER) !== 0) {
    // \p{N}*\p{Script=Hangul}...: digits glued to a following Hangul word belong to it.
    const digitsEnd = runEnd(units, i, NUMBER, HANGUL);
    if (digitsEnd < units.length && (classAt(units, digitsEnd) & HANGUL) !== 0) {
      return runEnd(units, digitsEnd, HANGUL | NUMBER, 0);
    }
    return runEnd(units, i, LETTER | NUMBER, HANGUL);
  }
  if ((classes & LETTER) !== 0) return runEnd(units, i, LETTER | NUMBER, HANGUL);
  return -1;
}

/** Start and end offsets of every token of `text`, flattened: [start0, end0, start1, ...]. */
export function tokenRanges(text: string): number[] {
  const units = codeUnits(text);
  const ranges: number[] = [];
  for (let at = 0; at < units.length;) {
    const end = tokenEnd(units, at);
    if (end < 0) {
      at += widthAt(units, at);
      continue;
    }
    ranges.push(at, end);
    at = end;
  }
  return ranges;
}

function tokenise(original: string, mapped: MappedText, codes: Uint16Array): Token[] {
  const tokens: Token[] = [];
  let unit = 0;
  let syllableRun = 0;
  const text = mapped.text;
  for (let at = 0; at < codes.length;) {
    const tokenEndAt = tokenEnd(codes, at);
    if (tokenEndAt < 0) {
      at += widthAt(codes, at);
      continue;
    }
    const start = at;
    const key = text.slice(start, tokenEndAt);
    const end = tokenEndAt;
    at = tokenEndAt;
    const originalStart = mapped.map[start];
    const originalEnd = trimDropped(
      original,
      originalStart,
      end < mapped.text.length ? mapped.map[end] : mapped.map[mapped.text.length],
    );
    const units =
      key.length > LONG_HANGUL_TOKEN && isHangulSyllable(key.charCodeAt(0))
        ? Math.ceil(key.length / 3)
        : 1;
    // Syllables typed one by one ("팔 아 넘 기 는") are one word spaced out: three of them in a
    // row share a proximity unit, as three characters of unspaced Hangul do.
    const syllable = key.length === 1 && isHangulSyllable(key.charCodeAt(0));
    syllableRun = syllable ? syllableRun + 1 : 0;
    if (syllableRun > 1 && (syllableRun - 1) % 3 !== 0) unit -= 1;
    tokens.push({
      start,
      end,
      originalStart,
      originalEnd,
      key,
      // Shorthand first: "sum1" is someone, not a disguised "sumi".
      alt:
        (key.length <= SHORTHAND_MAX_LENGTH && SHORTHAND_STARTS[codes[start]] === 1
          ? CHAT_SHORTHAND.get(key)
          : undefined) ??
        disguisedReading(key, original, originalStart, originalEnd) ??
        elongatedReading(key, original, originalStart, originalEnd) ??
        typoReading(key) ??
        droppedGReading(key) ??
        null,
      unit,
      units,
    });
    unit += units;
  }
  return tokens;
}

/**
 * Chat shorthand and the one word it stands for, as a token's second reading, so phrases
 * written in full also match "i want u", "ur so hot", "abt u", "w u" (only one-word expansions:
 * a reading is one token; "im", "ur" as "you're" stay for the packs to spell). English first,
 * then Spanish, Portuguese and French where a shorthand means one word in all of them (no "n",
 * English "and" but Portuguese "não"; no "tb", también or também). Readings are spelled as
 * normalised text is (no accents). Also the words made up to get past filters ("seggs",
 * "noods", "sewerslide"), read as the word they hide.
 */
const CHAT_SHORTHAND: ReadonlyMap<string, string> = new Map([
  ['u', 'you'],
  ['ya', 'you'],
  ['yu', 'you'],
  ['ur', 'your'],
  ['yur', 'your'],
  ['r', 'are'],
  ['ppl', 'people'],
  ['abt', 'about'],
  ['bout', 'about'],
  ['ovr', 'over'],
  ['bc', 'because'],
  ['cuz', 'because'],
  ['coz', 'because'],
  ['cus', 'because'],
  ['bcuz', 'because'],
  ['becuz', 'because'],
  ['bcoz', 'because'],
  ['tho', 'though'],
  ['thru', 'through'],
  ['luv', 'love'],
  ['wat', 'what'],
  ['wht', 'what'],
  ['ima', 'imma'],
  ['kno', 'know'],
  ['knw', 'know'],
  ['smth', 'something'],
  ['sth', 'something'],
  ['somethin', 'something'],
  ['tht', 'that'],
  ['dat', 'that'],
  ['hav', 'have'],
  ['gud', 'good'],
  ['nd', 'and'],
  ['frnd', 'friend'],
  ['frnds', 'friends'],
  ['prolly', 'probably'],
  ['srsly', 'seriously'],
  ['wut', 'what'],
  ['w', 'with'],
  ['wit', 'with'],
  ['n', 'and'],
  ['pls', 'please'],
  ['plz', 'please'],
  ['msg', 'message'],
  ['bday', 'birthday'],
  ['urself', 'yourself'],
  ['urselves', 'yourselves'],
  ['bf', 'boyfriend'],
  ['gf', 'girlfriend'],
  ['tmrw', 'tomorrow'],
  ['tmr', 'tomorrow'],
  ['2moro', 'tomorrow'],
  ['2morrow', 'tomorrow'],
  ['tonite', 'tonight'],
  ['2nite', 'tonight'],
  // Digits typed for the words they sound like: "how 2 make", "want 2 die", "4 real".
  ['2', 'to'],
  ['4', 'for'],
  ['sum1', 'someone'],
  ['some1', 'someone'],
  ['any1', 'anyone'],
  ['every1', 'everyone'],
  // Spanish: "q te pasa", "k kieres", "x favor", "pq no me kieres".
  ['q', 'que'],
  ['k', 'que'],
  ['ke', 'que'],
  ['pq', 'porque'],
  ['xq', 'porque'],
  ['porq', 'porque'],
  ['x', 'por'],
  ['kiero', 'quiero'],
  ['kieres', 'quieres'],
  ['kien', 'quien'],
  ['tmb', 'tambien'],
  ['msj', 'mensaje'],
  ['dnd', 'donde'],
  ['bn', 'bien'],
  ['vdd', 'verdad'],
  ['aki', 'aqui'],
  // Portuguese: "vc é meu", "fica cmg", "qro te ver hj".
  ['vc', 'voce'],
  ['vcs', 'voces'],
  ['cmg', 'comigo'],
  ['ctg', 'contigo'],
  ['tbm', 'tambem'],
  ['qro', 'quero'],
  ['mto', 'muito'],
  ['hj', 'hoje'],
  ['qnd', 'quando'],
  ['blz', 'beleza'],
  ['tdo', 'tudo'],
  // French: "t'es tjrs là", "dsl", "pk tu dis ça".
  ['bcp', 'beaucoup'],
  ['tjrs', 'toujours'],
  ['pr', 'pour'],
  ['ds', 'dans'],
  ['dsl', 'desole'],
  ['slt', 'salut'],
  ['koi', 'quoi'],
  ['pk', 'pourquoi'],
  ['qlq', 'quelque'],
  // A count of zero says none: "0 filters", "zero rules" read as "no filters", "no rules".
  ['zero', 'no'],
  ['0', 'no'],
  // Spellings made up to slip past filters (algospeak); none is also a word of its own.
  ['seggs', 'sex'],
  ['segs', 'sex'],
  ['secks', 'sex'],
  ['smex', 'sex'],
  ['seggsy', 'sexy'],
  ['sexi', 'sexy'],
  ['noods', 'nudes'],
  ['nudez', 'nudes'],
  ['nudies', 'nudes'],
  ['fck', 'fuck'],
  ['fkn', 'fucking'],
  ['fkin', 'fucking'],
  ['kll', 'kill'],
  ['sxy', 'sexy'],
  ['tiddies', 'titties'],
  ['tittys', 'titties'],
  ['sewerslide', 'suicide'],
  ['suwuicide', 'suicide'],
]);
/** Longest shorthand, and the first code units of all: most tokens need no map lookup. */
const SHORTHAND_MAX_LENGTH = Math.max(...[...CHAT_SHORTHAND.keys()].map((k) => k.length));
const SHORTHAND_STARTS = new Uint8Array(0x10000);
for (const shorthand of CHAT_SHORTHAND.keys()) SHORTHAND_STARTS[shorthand.charCodeAt(0)] = 1;

const MAX_DISGUISED_WORD = 16;
const V_FOR_U = /([b-df-hj-np-tv-xz])v(?=[b-df-hj-np-tv-xz])/g;

/**
 * A second reading of a Latin word for disguises the leetspeak fold keeps as written, so that
 * names and quantities survive in the text ("mp3", "covid19", "14yo"): digits at the end of a
 * word or outnumbering its letters ("d13", "di3", "ki11" read die, die, kill; digits read as the
 * fold's LEET letters, but a 1 next to i or l reads l), a capital I standing for l after a
 * lower-case letter ("kiII" reads kill), and a v between two consonants ("fvck" reads fuck).
 * Only phrase and list matching sees it; regexes and the text keep the word as it was.
 * Number-first words ("14yo", "3rd") get one only when it is a signal word ("57up1d" stupid,
 * "1d107" idiot, "53xy" sexy, "4l1v3" alive); words with a digit LEET has no letter for get none.
 */
function disguisedReading(
  key: string,
  original: string,
  originalStart: number,
  originalEnd: number,
): string | null {
  const length = originalEnd - originalStart;
  if (length < 2 || length > MAX_DISGUISED_WORD) return null;
  const first = key.charCodeAt(0);
  if (!isAsciiLetter(first)) {
    return first >= 48 && first <= 57
      ? numberFirstReading(original, originalStart, originalEnd)
      : null;
  }
  if (!mayBeDisguised(original, originalStart, originalEnd)) return null;
  // Read from the original: capital I is only visible there, and the squeeze may have
  // shortened the key ("kiII" -> "kii").
  let reading = '';
  let disguised = false;
  for (let i = originalStart; i < originalEnd; i++) {
    const code = original.charCodeAt(i);
    let char: string;
    if (code >= 48 && code <= 57) {
      const letter = LEET[original[i]];
      if (letter === undefined) return null;
      char = letter;
      if (code === 49 && (/[il]$/.test(reading) || original[i + 1] === '1')) char = 'l';
      disguised = true;
    } else if (
      code === 73 &&
      i > originalStart &&
      standsForL(original.charCodeAt(i - 1), reading)
    ) {
      char = 'l';
      disguised = true;
    } else if (isAsciiLetter(code)) {
      char = String.fromCharCode(code | 0x20);
    } else {
      return null;
    }
    reading += char;
  }
  // A v between two consonants stands for u ("fvck", "fvcking"); "love", "over" keep theirs.
  const withU = reading.replace(V_FOR_U, '$1u');
  if (withU !== reading) {
    reading = withU;
    disguised = true;
  }
  return disguised && reading !== key ? reading : null;
}

/**
 * "-in" typed for "-ing" ("thinkin", "goin", "nothin") read with its g. A word that really ends
 * in "in" gets a reading no phrase uses ("again" -> "againg"), so nothing is lost.
 */
function droppedGReading(key: string): string | null {
  const length = key.length;
  if (length < 4 || key.charCodeAt(length - 1) !== 110 || key.charCodeAt(length - 2) !== 105) {
    return null;
  }
  for (let i = 0; i < length - 2; i++) if (!isAsciiLetter(key.charCodeAt(i))) return null;
  return `${key}g`;
}

/**
 * A word starting with a digit read through LEET, kept only when it spells a signal word:
 * quantities and names ("14yo", "3rd", "2pac") spell none. A 1 is read as l and as i ("4l1v3").
 */
function numberFirstReading(original: string, start: number, end: number): string | null {
  const word = original.slice(start, end).toLowerCase();
  // Digits alone are numbers ("911", "1337"); a disguise keeps some letters.
  if (!/^[0-9a-z]+$/.test(word) || !/[a-z]/.test(word)) return null;
  const asLetters = (one: string) =>
    word.replace(/[0-9]/g, (digit) => (digit === '1' ? one : (LEET[digit] ?? digit)));
  for (const one of ['i', 'l']) {
    const reading = asLetters(one);
    if (isSignalWord(reading)) return reading;
  }
  return null;
}

/** Whether the word holds a digit, a capital I after its first letter or a v: most words do not. */
function mayBeDisguised(original: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = original.charCodeAt(i);
    if ((code >= 48 && code <= 57) || code === 118 || code === 86 || (code === 73 && i > start)) {
      return true;
    }
  }
  return false;
}

/** A capital I reads l after a lower-case letter, or after an I already read as l ("kiII"). */
const standsForL = (previousCode: number, reading: string): boolean =>
  (previousCode >= 97 && previousCode <= 122) || (previousCode === 73 && reading.endsWith('l'));

function elongatedReading(
  key: string,
  original: string,
  originalStart: number,
  originalEnd: number,
): string | null {
  if (!hasAdjacentPair(key)) return null;
  if (!/(\p{L})\1/u.test(key)) return null;
  const elongated = original.slice(originalStart, originalEnd).match(/(\p{L})\1\1/giu);
  if (!elongated) return null;
  // Only the letters typed three or more times are single ones: "kiiill" reads kill, not kil.
  const stretched = new Set(elongated.map((run) => run[0].toLowerCase()));
  return key.replace(/(\p{L})\1/gu, (pair, letter: string) =>
    stretched.has(letter) ? letter : pair,
  );
}

/** Cheap pre-check for the doubled-letter regex: two equal code units in a row. */
function hasAdjacentPair(key: string): boolean {
  for (let i = 1; i < key.length; i++) if (key.charCodeAt(i) === key.charCodeAt(i - 1)) return true;
  return false;
}

/** The letters and digits of `text`, copied in runs (no string per character). */
function buildCompactView(text: string): DerivedView {
  const offsets = new Int32Array(text.length + 1);
  let kept = '';
  let count = 0;
  let runStart = -1;
  for (let i = 0; i < text.length; i++) {
    if (isLetterOrNumber(text.charCodeAt(i))) {
      if (runStart < 0) runStart = i;
      offsets[count++] = i;
    } else if (runStart >= 0) {
      kept += text.slice(runStart, i);
      runStart = -1;
    }
  }
  if (runStart >= 0) kept += text.slice(runStart);
  offsets[count] = text.length;
  return { text: kept, toNormalised: offsets.subarray(0, count + 1) };
}

/**
 * Digits and punctuation typed between consonants keep the run going ("ㅅ1ㅂ", "ㅂ.ㅅ"), as does
 * one space between two lone consonants ("ㅅ ㅂ"); letters and other spacing end it.
 */
function bridgesConsonants(text: string, i: number): boolean {
  const char = text[i];
  const consonantAt = (k: number) => isCompatibilityConsonant(text.charCodeAt(k));
  if (char === ' ') {
    return consonantAt(i - 1) && !consonantAt(i - 2) && consonantAt(i + 1) && !consonantAt(i + 2);
  }
  return !/[\s\p{L}]/u.test(char) && consonantAt(i + 1);
}

function buildChoseongView(text: string): DerivedView {
  const chars: string[] = [];
  const offsets: number[] = [];
  let inRun = false;
  for (let i = 0; i < text.length; i++) {
    if (isCompatibilityConsonant(text.charCodeAt(i))) {
      chars.push(singleConsonant(text[i]));
      offsets.push(i);
      inRun = true;
    } else if (inRun && bridgesConsonants(text, i)) {
      continue;
    } else if (inRun) {
      chars.push(' ');
      offsets.push(i);
      inRun = false;
    }
  }
  offsets.push(text.length);
  return { text: chars.join(''), toNormalised: Int32Array.from(offsets) };
}
