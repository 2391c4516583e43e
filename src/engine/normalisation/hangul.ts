/**
 * Hangul helpers: compatibility jamo (U+3131..U+3163, what keyboards type for "ㅅㅂ"),
 * conjoining jamo (U+1100.., what NFKC produces), and syllable composition.
 */

const SYLLABLE_BASE = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const VOWEL_COUNT = 21;
const FINAL_COUNT = 28;

/** Initial consonants in syllable order, as compatibility jamo. */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
/** Vowels in syllable order (U+314F..U+3163 is exactly this order). */
const VOWELS = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
/** Final consonants in syllable order; index 0 = no final. */
const FINALS = ' ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';

const COMBINED_VOWELS: Readonly<Record<string, string>> = {
  ㅗㅏ: 'ㅘ',
  ㅗㅐ: 'ㅙ',
  ㅗㅣ: 'ㅚ',
  ㅜㅓ: 'ㅝ',
  ㅜㅔ: 'ㅞ',
  ㅜㅣ: 'ㅟ',
  ㅡㅣ: 'ㅢ',
};

const COMBINED_FINALS: Readonly<Record<string, string>> = {
  ㄱㅅ: 'ㄳ',
  ㄴㅈ: 'ㄵ',
  ㄴㅎ: 'ㄶ',
  ㄹㄱ: 'ㄺ',
  ㄹㅁ: 'ㄻ',
  ㄹㅂ: 'ㄼ',
  ㄹㅅ: 'ㄽ',
  ㄹㅌ: 'ㄾ',
  ㄹㅍ: 'ㄿ',
  ㄹㅎ: 'ㅀ',
  ㅂㅅ: 'ㅄ',
};

/** Doubled consonants folded to their single form in the choseong view (ㅆㅂ = ㅅㅂ). */
const SINGLE_CONSONANT: Readonly<Record<string, string>> = {
  ㄲ: 'ㄱ',
  ㄸ: 'ㄷ',
  ㅃ: 'ㅂ',
  ㅆ: 'ㅅ',
  ㅉ: 'ㅈ',
};

/** Conjoining (U+1100 block) initials, vowels and finals in order, for mapping to compatibility jamo. */
const CONJOINING_INITIAL_BASE = 0x1100;
const CONJOINING_VOWEL_BASE = 0x1161;
const CONJOINING_FINAL_BASE = 0x11a8;

export function isHangulSyllable(code: number): boolean {
  return code >= SYLLABLE_BASE && code <= SYLLABLE_LAST;
}

/** The final-consonant index of a Hangul syllable (0 when it has none). */
export function hangulFinal(code: number): number {
  return (code - SYLLABLE_BASE) % 28;
}

export function isCompatibilityJamo(code: number): boolean {
  return code >= 0x3131 && code <= 0x318e;
}

export function isCompatibilityConsonant(code: number): boolean {
  return code >= 0x3131 && code <= 0x314e;
}

export function isCompatibilityVowel(code: number): boolean {
  return code >= 0x314f && code <= 0x3163;
}

export function hasHangul(text: string): boolean {
  return /[\uac00-\ud7a3\u3131-\u318e\u1100-\u11ff]/.test(text);
}

/** Maps a conjoining jamo (U+1100..U+11FF) to its compatibility form, or returns null. */
export function conjoiningToCompatibility(code: number): string | null {
  if (code >= CONJOINING_INITIAL_BASE && code < CONJOINING_INITIAL_BASE + INITIALS.length) {
    return INITIALS[code - CONJOINING_INITIAL_BASE];
  }
  if (code >= CONJOINING_VOWEL_BASE && code < CONJOINING_VOWEL_BASE + VOWELS.length) {
    return VOWELS[code - CONJOINING_VOWEL_BASE];
  }
  if (code >= CONJOINING_FINAL_BASE && code < CONJOINING_FINAL_BASE + FINAL_COUNT - 1) {
    return FINALS[code - CONJOINING_FINAL_BASE + 1];
  }
  return null;
}

function composeSyllable(initial: string, vowel: string, final: string): string | null {
  const l = INITIALS.indexOf(initial);
  const v = VOWELS.indexOf(vowel);
  const t = final === '' ? 0 : FINALS.indexOf(final);
  if (l < 0 || v < 0 || t < 0) return null;
  return String.fromCharCode(SYLLABLE_BASE + (l * VOWEL_COUNT + v) * FINAL_COUNT + t);
}

function combineVowels(first: string, second: string): string | undefined {
  return COMBINED_VOWELS[first + second];
}

function combineFinals(first: string, second: string): string | undefined {
  return COMBINED_FINALS[first + second];
}

/**
 * The syllable that starts at jamo `i` of a sequence (initial consonant, vowel, optional final),
 * with the index after it; null when none starts there. A consonant is a final only when no
 * vowel follows it (else it starts the next syllable).
 */
export function syllableAt(
  jamo: ArrayLike<string>,
  i: number,
): { syllable: string; next: number } | null {
  const vowelAt = (k: number) => k < jamo.length && isVowelJamo(jamo[k]);
  if (i >= jamo.length || !canBeInitial(jamo[i]) || !vowelAt(i + 1)) return null;
  let vowel = jamo[i + 1];
  let next = i + 2;
  const combined = next < jamo.length ? combineVowels(vowel, jamo[next]) : undefined;
  if (combined) {
    vowel = combined;
    next++;
  }
  let final = '';
  if (next < jamo.length && canBeFinal(jamo[next]) && !vowelAt(next + 1)) {
    final = jamo[next];
    next++;
    const double = next < jamo.length ? combineFinals(final, jamo[next]) : undefined;
    if (double && !vowelAt(next + 1)) {
      final = double;
      next++;
    }
  }
  const syllable = composeSyllable(jamo[i], vowel, final);
  return syllable === null ? null : { syllable, next };
}

function canBeInitial(jamo: string): boolean {
  return INITIALS.includes(jamo);
}

function canBeFinal(jamo: string): boolean {
  return jamo !== ' ' && FINALS.includes(jamo);
}

export function isVowelJamo(jamo: string): boolean {
  return VOWELS.includes(jamo);
}

export function singleConsonant(jamo: string): string {
  return SINGLE_CONSONANT[jamo] ?? jamo;
}

/** The initial consonant of a syllable as compatibility jamo (죽 -> ㅈ). */
export function choseongOf(syllable: string): string | null {
  const code = syllable.charCodeAt(0);
  if (!isHangulSyllable(code)) return null;
  return INITIALS[Math.floor((code - SYLLABLE_BASE) / (VOWEL_COUNT * FINAL_COUNT))];
}
