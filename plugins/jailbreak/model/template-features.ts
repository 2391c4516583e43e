/**
 * Features of the jailbreak-template model, shared by the trainer and the detector so that
 * training and scoring can never drift apart.
 *
 * - Word unigrams and bigrams over the normalised text (NFKC, lower-case, runs of letters and
 *   digits), hashed into `HASH_BUCKETS` buckets with FNV-1a, present/absent, scaled to unit
 *   length so a long benign prompt does not score higher just for having more words.
 * - A few structural features with value 1 (not scaled) that describe the shape of persona
 *   templates: length bucket, how many sentences tell "you" what to do, quoted or all-caps
 *   persona names, and bracket tags such as "[DAN]:" or "(Developer Mode Output)".
 */

/** Power of two, so a bucket is `hash & (HASH_BUCKETS - 1)`. */
const HASH_BUCKETS = 1 << 20;

/** Templates are long; shorter turns are left to the phrase rules and never scored. */
export const MIN_TEMPLATE_CHARS = 120;

/** Feature index -> value; indices are hash buckets. */
export type FeatureVector = Map<number, number>;

const SENTENCE_END = /[.!?\n]+/;
/** A sentence addressed to the model that tells it what to do or to be. */
const SECOND_PERSON_ORDER =
  /\byou(?:'ll| will| must| are going to| should| shall| have to| need to| are now| can now| are no longer| will never| will always)\b|^\s*(?:always|never|do not|don't|remember|stay|answer|respond|act|pretend|ignore|forget)\b/;
const QUOTED_NAME = /["\u201c'\u2018][A-Z][\w-]{1,24}(?: [A-Z][\w-]{1,24}){0,2}["\u201d'\u2019]/g;
const ALL_CAPS_NAME = /\b[A-Z]{2,8}\b/g;
const BRACKET_TAG = /\[[^\]\n]{1,40}\]|\([^)\n]{1,40}\)\s*:/g;

/** FNV-1a 32-bit: fast, dependency-free and identical in trainer and detector. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Murmur3's finaliser: spreads the bits of a combined hash before it is masked. */
function mix(hash: number): number {
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

function bucket(feature: string): number {
  return fnv1a(feature) & (HASH_BUCKETS - 1);
}

/** A bigram's bucket from its words' hashes: no string is built per bigram (hot path). */
function bigramBucket(first: number, second: number): number {
  return mix(Math.imul(first, 0x01000193) ^ second) & (HASH_BUCKETS - 1);
}

/** Counts bucketed coarsely: exact counts would overfit to particular templates. */
function countBucket(count: number): string {
  if (count === 0) return '0';
  if (count === 1) return '1';
  if (count <= 3) return '2-3';
  if (count <= 7) return '4-7';
  return '8+';
}

function lengthBucket(length: number): string {
  if (length < 200) return '<200';
  if (length < 400) return '<400';
  if (length < 800) return '<800';
  if (length < 1600) return '<1600';
  return '1600+';
}

function countMatches(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text) !== null) count++;
  return count;
}

function countSecondPersonOrders(lowered: string): number {
  let count = 0;
  for (const sentence of lowered.split(SENTENCE_END)) {
    if (SECOND_PERSON_ORDER.test(sentence)) count++;
  }
  return count;
}

/** Names of the structural features of `text`, e.g. `#len:<800`. */
function structuralFeatures(text: string, lowered: string): string[] {
  return [
    `#len:${lengthBucket(text.length)}`,
    `#you-orders:${countBucket(countSecondPersonOrders(lowered))}`,
    `#quoted-names:${countBucket(countMatches(text, QUOTED_NAME))}`,
    `#caps-names:${countBucket(countMatches(text, ALL_CAPS_NAME))}`,
    `#bracket-tags:${countBucket(countMatches(text, BRACKET_TAG))}`,
  ];
}

/**
 * 1 for the UTF-16 code units that are letters or digits (`\p{L}`, `\p{N}`) on their own, 2 for
 * high surrogates (decided with the low one that follows), 0 otherwise. Built at load (about
 * 5 ms) rather than on the first long turn, so no request pays for it.
 */
const WORD_UNITS: Uint8Array = (() => {
  const table = new Uint8Array(0x10000);
  const letterOrDigit = /^[\p{L}\p{N}]$/u;
  for (let unit = 0; unit < 0x10000; unit++) {
    if (unit >= 0xd800 && unit <= 0xdbff) table[unit] = 2;
    else if (letterOrDigit.test(String.fromCharCode(unit))) table[unit] = 1;
  }
  return table;
})();

/** Whether the astral character starting at `i` (a high surrogate) is a letter or digit. */
function astralLetterOrDigit(text: string, i: number): boolean {
  const point = text.codePointAt(i) ?? 0;
  return point > 0xffff && /^[\p{L}\p{N}]$/u.test(String.fromCodePoint(point));
}

/**
 * The distinct buckets of the word unigrams and bigrams of `lowered`, where a word is a run of
 * letters and digits (as `/[\p{L}\p{N}]+/gu` finds them). Words are hashed as they are read:
 * no substring is built per word (hot path: every turn of 120+ characters is scored).
 */
export function gramBuckets(lowered: string): Set<number> {
  const grams = new Set<number>();
  let previous = 0;
  let hasPrevious = false;
  let i = 0;
  while (i < lowered.length) {
    let hash = 0x811c9dc5;
    let length = 0;
    while (i < lowered.length) {
      const unit = lowered.charCodeAt(i);
      const kind = WORD_UNITS[unit];
      const width = kind === 1 ? 1 : kind === 2 && astralLetterOrDigit(lowered, i) ? 2 : 0;
      if (width === 0) break;
      for (let k = 0; k < width; k++) {
        hash ^= lowered.charCodeAt(i + k);
        hash = Math.imul(hash, 0x01000193);
      }
      i += width;
      length += width;
    }
    if (length === 0) {
      i++;
      continue;
    }
    hash >>>= 0;
    grams.add(hash & (HASH_BUCKETS - 1));
    if (hasPrevious) grams.add(bigramBucket(previous, hash));
    previous = hash;
    hasPrevious = true;
  }
  return grams;
}

/** The lower-cased NFKC form the word features are read from. */
export function loweredForFeatures(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Buckets of the structural features of `text` (each with value 1). */
export function structuralBuckets(text: string, lowered: string): number[] {
  return structuralFeatures(text, lowered).map(bucket);
}

/** The feature vector of `text` (any length; callers decide whether to score short text). */
export function templateFeatures(text: string): FeatureVector {
  const lowered = loweredForFeatures(text);
  const grams = gramBuckets(lowered);
  const features: FeatureVector = new Map();
  const scale = grams.size > 0 ? 1 / Math.sqrt(grams.size) : 0;
  for (const index of grams) features.set(index, scale);
  for (const index of structuralBuckets(text, lowered)) features.set(index, 1);
  return features;
}
