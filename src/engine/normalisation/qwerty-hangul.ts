import { syllableAt } from './hangul';
import { isVocabularyWord } from './spelled-words';
import type { DerivedView, Token } from './turn-text';

/**
 * The Korean two-set (dubeolsik) keyboard: the jamo each Latin key types. Korean typed while
 * the keyboard is in English mode comes out as these letters ("wnrrhtlvek" is 죽고싶다); shift
 * gives the doubled consonants and ㅒ ㅖ.
 */
const KEY_JAMO: Readonly<Record<string, string>> = {
  q: 'ㅂ',
  w: 'ㅈ',
  e: 'ㄷ',
  r: 'ㄱ',
  t: 'ㅅ',
  y: 'ㅛ',
  u: 'ㅕ',
  i: 'ㅑ',
  o: 'ㅐ',
  p: 'ㅔ',
  a: 'ㅁ',
  s: 'ㄴ',
  d: 'ㅇ',
  f: 'ㄹ',
  g: 'ㅎ',
  h: 'ㅗ',
  j: 'ㅓ',
  k: 'ㅏ',
  l: 'ㅣ',
  z: 'ㅋ',
  x: 'ㅌ',
  c: 'ㅊ',
  v: 'ㅍ',
  b: 'ㅠ',
  n: 'ㅜ',
  m: 'ㅡ',
  Q: 'ㅃ',
  W: 'ㅉ',
  E: 'ㄸ',
  R: 'ㄲ',
  T: 'ㅆ',
  O: 'ㅒ',
  P: 'ㅖ',
};

/** A syllable and the letters [at, end) whose keys typed it. */
type TypedSyllable = { syllable: string; at: number; end: number };

/**
 * The syllables a run of Latin letters types on the two-set keyboard, or null unless every key
 * falls into a well-formed syllable (initial consonant, vowel, optional final): "dkssud" ->
 * 안녕, while "hello" (it starts on a vowel key) and "grr" (consonant keys only) give null.
 * Upper-case letters other than the shifted keys (Q W E R T O P) give null: they are English
 * capitals.
 */
function typedSyllables(letters: string): TypedSyllable[] | null {
  const jamo: string[] = [];
  for (const letter of letters) {
    const typed = KEY_JAMO[letter];
    if (typed === undefined) return null;
    jamo.push(typed);
  }
  const out: TypedSyllable[] = [];
  for (let i = 0; i < jamo.length;) {
    const found = syllableAt(jamo, i);
    if (found === null) return null;
    out.push({ syllable: found.syllable, at: i, end: found.next });
    i = found.next;
  }
  return out;
}

/** Keys that type a consonant (the rest type vowels); a Korean word starts on one. */
const CONSONANT_KEYS = /^[qwertasdfgzxcvQWERT][yuiophjklbnmOP]/;

/**
 * The syllables a token's letters type when they may be Korean keys: well-formed, not a
 * capitalised word ("Eugene") and not an English word people write.
 */
function keyedSyllables(letters: string): TypedSyllable[] | null {
  if (!CONSONANT_KEYS.test(letters) || /^[A-Z][a-z]+$/.test(letters)) return null;
  if (isVocabularyWord(letters.toLowerCase())) return null;
  return typedSyllables(letters);
}

/** More Hangul syllables than Latin letters: a Korean turn with some Latin in it. */
function mostlyKorean(text: string): boolean {
  let syllables = 0;
  let latin = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xac00 && code <= 0xd7a3) syllables++;
    else if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) latin++;
  }
  return syllables > 0 && syllables >= latin;
}

/** Whether a (normalised, so lower-case) token is Latin letters only. */
function isLatinWord(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x61 || code > 0x7a) return false;
  }
  return true;
}

/**
 * A spacing-free view of the turn with Korean typed in English mode read as the Hangul it types
 * ("wnrrhtlvek" -> 죽고싶다, "dlru....니 애비보다는" -> 이겨니애비보다는), for Hangul phrases;
 * null when the turn does not read so. The keys are read from the original text (shift types
 * ㄲ ㄸ ㅃ ㅆ ㅉ ㅒ ㅖ, and the normalised text is lower-cased).
 *
 * It is a view beside the others, not a rewrite: words of other languages type well-formed
 * syllables too ("also" 미내, "digo" 야해), keep their own reading for every other phrase and
 * rule, and are kept out of this one as far as the turn allows:
 * - in a mostly Korean turn, a Latin word of two syllables or more is read (one, as "sns" or
 *   "dm", is as likely an abbreviation);
 * - otherwise every Latin word must type syllables (one that does not, as "hello", "i" or
 *   "lol", and the turn is not Korean), three in all, in two words or in one of three.
 */
export function keyboardKoreanView(
  original: string,
  normalised: string,
  tokens: readonly Token[],
): DerivedView | null {
  if (!/[a-z]/i.test(original)) return null;
  const koreanContext = mostlyKorean(normalised);
  // First the Latin words alone: most turns are settled there, without building anything.
  const readings = new Map<Token, TypedSyllable[]>();
  let typed = 0;
  let longest = 0;
  for (const token of tokens) {
    if (!isLatinWord(token.key)) continue;
    // The typed keys, case and all; a word the normalisers changed (k1ll -> kill) is not keys.
    const letters = original.slice(token.originalStart, token.originalEnd);
    const keys = letters.length === token.key.length && /^[A-Za-z]+$/.test(letters);
    const syllables = keys ? keyedSyllables(letters) : null;
    if (syllables === null) {
      if (keys && !koreanContext) return null;
      continue;
    }
    if (koreanContext && syllables.length < 2) continue;
    readings.set(token, syllables);
    typed += syllables.length;
    longest = Math.max(longest, syllables.length);
  }
  const enough = koreanContext || (typed >= 3 && (longest >= 3 || readings.size >= 2));
  if (typed === 0 || !enough) return null;

  let text = '';
  const offsets: number[] = [];
  const ends: number[] = [];
  for (const token of tokens) {
    const syllables = readings.get(token);
    if (syllables) {
      for (const { syllable, at, end } of syllables) {
        text += syllable;
        offsets.push(token.start + at);
        ends.push(token.start + end);
      }
      continue;
    }
    text += token.key;
    for (let i = token.start; i < token.end; i++) {
      offsets.push(i);
      ends.push(i + 1);
    }
  }
  offsets.push(normalised.length);
  return {
    text,
    toNormalised: Int32Array.from(offsets),
    toNormalisedEnd: Int32Array.from(ends),
  };
}
