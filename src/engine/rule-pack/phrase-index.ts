import type { TextNormaliser } from '../plugin-registry/plugin-contract';
import { codeUnits } from '../normalisation/code-units';
import { hangulFinal, isHangulSyllable, singleConsonant } from '../normalisation/hangul';
import type { TokensWithoutFillers } from '../normalisation/filler-words';
import { TurnText, type DerivedView, type Token } from '../normalisation/turn-text';
import { MAX_MATCHES, type Match } from './match';
import { phraseSpellings, type PhraseWord } from './spelling-variants';

/**
 * Every phrase and list term of the loaded rule set, compiled once into indexes so that one
 * pass over a turn finds all of them: word phrases through a first-word map over the turn's
 * tokens, Hangul phrases through a first-character map over the spacing-free view, and
 * choseong phrases over the consonant-abbreviation view.
 */

/** `id`: the word's vocabulary id (exact words; -1 for a prefix). */
type Word = { text: string; prefix: boolean; id: number };
type TokenPhrase = { id: number; words: Word[] };
/**
 * The phrases sharing their first two (exact) words, in the order added; large buckets ("i
 * want ...") are also indexed by their exact third word, so a turn tries only those whose
 * third word it has.
 */
type PairBucket = {
  all: TokenPhrase[];
  /** Position of each phrase in `all`, by phrase id (hits are recorded in that order). */
  positions: Map<number, number>;
  byThird: Map<number, TokenPhrase[]>;
  /** Two-word phrases and those whose third word is a prefix. */
  rest: TokenPhrase[];
};
/** Buckets up to this size are tried phrase by phrase. */
const SMALL_BUCKET = 4;
/**
 * `openEnd`: a Hangul phrase of three or more syllables ending in a syllable without a final
 * consonant, which also matches that syllable with a verb-ending final (see VERB_ENDING_FINALS):
 * a verb stem written once covers the endings that attach a final consonant to it ("뛰어내리" matches 뛰어내릴게, 뛰어내린다;
 * "찾아가" matches 찾아간다, 찾아갈래).
 */
type ViewPhrase = { id: number; text: string; openEnd: boolean };
/** View phrases by their first two characters (one-character phrases by that character). */
type ViewIndex = {
  byKey: Map<number, ViewPhrase[]>;
  /** First characters of the keys: a view position starting with any other needs no lookup. */
  starts: Uint8Array;
  /** Characters that are a key themselves (one-character phrases). */
  singles: Uint8Array;
  /**
   * `pairHash` of every two-character key, as a bitset: most pairs starting with a key's first
   * character are no key, and are told so without a map lookup.
   */
  pairs: Uint32Array;
};
const viewIndex = (): ViewIndex => ({
  byKey: new Map(),
  starts: new Uint8Array(0x10000),
  singles: new Uint8Array(0x10000),
  pairs: new Uint32Array(1 << (PAIR_HASH_BITS - 5)),
});
const PAIR_HASH_BITS = 20;
/** A pair key (see `viewKey`) hashed to PAIR_HASH_BITS bits. */
const pairHash = (key: number): number => Math.imul(key, 0x9e3779b1) >>> (32 - PAIR_HASH_BITS);

/**
 * The phrases one turn matched, with their matches, in the order they were first found.
 * Lookups by phrase id read arrays indexed by id that the phrase index reuses from turn to
 * turn (stamped with the turn's generation: nothing is cleared between turns); a hit list
 * read after a later turn has reused those arrays answers from a map instead.
 */
export class PhraseHits {
  /** Phrase ids with matches, in the order first found. */
  readonly ids: number[] = [];
  private readonly lists: Match[][] = [];
  private readonly generation: number;
  private stale: Map<number, Match[]> | undefined;

  constructor(private readonly slots: HitSlots) {
    this.generation = slots.claim();
  }

  get size(): number {
    return this.ids.length;
  }

  get(id: number): Match[] | undefined {
    const slots = this.slots;
    if (slots.generation !== this.generation) return this.staleLookup(id);
    return slots.stamps[id] === this.generation ? this.lists[slots.positions[id]] : undefined;
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** Records the first match of phrase `id` (which has none yet). */
  add(id: number, first: Match): void {
    const slots = this.slots;
    if (slots.generation === this.generation) {
      slots.stamps[id] = this.generation;
      slots.positions[id] = this.lists.length;
    }
    this.ids.push(id);
    this.lists.push([first]);
    this.stale = undefined;
  }

  private staleLookup(id: number): Match[] | undefined {
    if (this.stale === undefined) {
      this.stale = new Map();
      for (let i = 0; i < this.ids.length; i++) this.stale.set(this.ids[i], this.lists[i]);
    }
    return this.stale.get(id);
  }
}

/** Per phrase id: the generation of the turn that last hit it, and its list's position there. */
class HitSlots {
  stamps = new Int32Array(0);
  positions = new Int32Array(0);
  generation = 0;

  /** A new generation for a turn, with room for `count` phrase ids. */
  claim(): number {
    this.generation++;
    if (this.generation === 0x7fffffff) {
      // Wrapped: forget every stamp (older hit lists then answer from their own maps).
      this.stamps.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }

  ensure(count: number): void {
    if (this.stamps.length >= count) return;
    // New arrays: hit lists of earlier generations stop reading them (see `PhraseHits.get`).
    this.stamps = new Int32Array(count);
    this.positions = new Int32Array(count);
    this.generation++;
  }
}

/** Hangul syllables, kana and CJK ideographs. */
/** Hangul, kana, Han, and the scripts written without spaces between words: Thai, Lao, Khmer, Myanmar. */
const SPACELESS_SCRIPT =
  /[\uac00-\ud7a3\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/;

/** Prefix phrases are looked up by this many leading characters. */
const PREFIX_KEY = 3;

/** Token vocabulary ids: not looked up yet, and a reading no phrase word has. */
const UNKNOWN_WORD = -2;
const NOT_A_WORD = -1;

/** A cheap 16-bit hash of a reading's first two code units (prefix-key pre-check). */
const startHash = (text: string): number =>
  ((text.charCodeAt(0) << 5) ^ text.charCodeAt(1)) & 0xffff;

export class PhraseIndex {
  private readonly ids = new Map<string, number>();
  /**
   * Every exact word of every word phrase, by id: a token is looked up here once per reading,
   * and the indexes below are read by that id (no string keys per phrase lookup).
   */
  private readonly vocabulary = new Map<string, number>();
  /** Phrases by their exact first word's id (those not in `exactPair`). */
  private readonly exactFirst: (TokenPhrase[] | undefined)[] = [];
  /**
   * Phrases whose first two words are both exact, by first then second word id: common first
   * words ("i", "you", "나") start hundreds of phrases, the pair narrows them to a handful.
   */
  private readonly exactPair: (Map<number, PairBucket> | undefined)[] = [];
  /** Scratch of `trySecond`: the phrases of one large bucket that matched. */
  private matched: TokenPhrase[] = [];
  /**
   * Phrases whose first word is a prefix (`kill*`), by the first PREFIX_KEY characters of that
   * prefix (shorter prefixes by the whole prefix): one lookup per token instead of one per
   * prefix length.
   */
  private readonly prefixFirst = new Map<string, TokenPhrase[]>();
  /** Lengths of prefix first words shorter than PREFIX_KEY (each needs its own lookup). */
  private readonly shortPrefixLengths: number[] = [];
  /** `startHash` of every prefix key: most readings need no key slice or lookup at all. */
  private readonly prefixStarts = new Uint8Array(0x10000);
  /**
   * First UTF-16 unit of every word phrase's first word: a token starting with anything else
   * (most Hangul tokens: Hangul phrases live in the view index) needs no word lookups at all.
   */
  private readonly wordStarts = new Uint8Array(0x10000);
  private readonly hangulFirst = viewIndex();
  private readonly choseongFirst = viewIndex();
  private count = 0;
  /** Words in the longest word phrase: how far before a left-out filler a match can start. */
  private longestPhrase = 0;
  /**
   * Per-turn scratch of `matchWords` (synchronous, never re-entered): the vocabulary id of each
   * token's key and alt reading, looked up on first use.
   */
  private keyIds = new Int32Array(64);
  private altIds = new Int32Array(64);
  private readonly hitSlots = new HitSlots();

  constructor(private readonly normalisers: readonly TextNormaliser[]) {}

  get size(): number {
    return this.count;
  }

  /** Registers a phrase as written in a pack; returns its id, or null if nothing is left to match. */
  add(phrase: string): number | null {
    const compiled = this.compile(phrase);
    if (!compiled) return null;
    const existing = this.ids.get(compiled.key);
    if (existing !== undefined) return existing;
    const id = this.count++;
    this.ids.set(compiled.key, id);
    if (compiled.kind === 'words') {
      for (const spelling of compiled.spellings) {
        this.addWords({ id, words: spelling.map((word) => this.word(word.text, word.prefix)) });
      }
    } else {
      const index = compiled.kind === 'hangul' ? this.hangulFirst : this.choseongFirst;
      const pair = compiled.text.length >= 2;
      const key = viewKey(compiled.text, 0, pair);
      const openEnd = compiled.kind === 'hangul' && hasOpenEnd(compiled.text);
      push(index.byKey, key, { id, text: compiled.text, openEnd });
      index.starts[compiled.text.charCodeAt(0)] = 1;
      if (pair) {
        const hash = pairHash(key);
        index.pairs[hash >>> 5] |= 1 << (hash & 31);
      } else index.singles[key] = 1;
    }
    return id;
  }

  /** Indexes one spelling of a word phrase under its first word (and second, when exact). */
  private addWords(entry: TokenPhrase): void {
    this.longestPhrase = Math.max(this.longestPhrase, entry.words.length);
    const first = entry.words[0];
    this.wordStarts[first.text.charCodeAt(0)] = 1;
    if (first.prefix) {
      const length = first.text.length;
      if (length < PREFIX_KEY && !this.shortPrefixLengths.includes(length)) {
        this.shortPrefixLengths.push(length);
      }
      if (length >= PREFIX_KEY) this.prefixStarts[startHash(first.text)] = 1;
      push(this.prefixFirst, first.text.slice(0, PREFIX_KEY), entry);
    } else if (entry.words.length > 1 && !entry.words[1].prefix) {
      const bySecond = (this.exactPair[first.id] ??= new Map());
      let bucket = bySecond.get(entry.words[1].id);
      if (!bucket) {
        bucket = { all: [], positions: new Map(), byThird: new Map(), rest: [] };
        bySecond.set(entry.words[1].id, bucket);
      }
      // A phrase's spellings share its id: its place in the bucket is that of the first one.
      if (!bucket.positions.has(entry.id)) bucket.positions.set(entry.id, bucket.all.length);
      bucket.all.push(entry);
      const third = entry.words[2];
      if (third !== undefined && !third.prefix) push(bucket.byThird, third.id, entry);
      else bucket.rest.push(entry);
    } else (this.exactFirst[first.id] ??= []).push(entry);
  }

  private compile(
    phrase: string,
  ):
    | { kind: 'words'; key: string; spellings: PhraseWord[][] }
    | { kind: 'hangul' | 'choseong'; key: string; text: string }
    | null {
    const whole = new TurnText(phrase, this.normalisers).normalised.text;
    if (/^[\u3131-\u314e\s]+$/.test(whole)) {
      const text = [...whole.replace(/\s+/g, '')].map(singleConsonant).join('');
      return { kind: 'choseong', key: `c:${text}`, text };
    }
    // Hangul, kana, Han and Thai have no (reliable) spaces: their phrases match as substrings.
    if (SPACELESS_SCRIPT.test(whole)) {
      const text = whole.replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
      return { kind: 'hangul', key: `h:${text}`, text };
    }
    const words: PhraseWord[] = [];
    for (const raw of phrase.trim().split(/\s+/)) {
      const prefix = raw.endsWith('*');
      const tokens = new TurnText(prefix ? raw.slice(0, -1) : raw, this.normalisers).tokens;
      tokens.forEach((token, index) => {
        const isPrefix = prefix && index === tokens.length - 1;
        words.push({ text: token.key, prefix: isPrefix });
      });
    }
    if (words.length === 0) return null;
    // Spellings of one phrase ("i'm gonna", "im going to") share one key, so one id.
    const { canonical, spellings } = phraseSpellings(words);
    return { kind: 'words', key: `w:${canonical}`, spellings };
  }

  private word(text: string, prefix: boolean): Word {
    return { text, prefix, id: prefix ? -1 : this.wordId(text) };
  }

  private wordId(word: string): number {
    let id = this.vocabulary.get(word);
    if (id === undefined) this.vocabulary.set(word, (id = this.vocabulary.size));
    return id;
  }

  /** All phrase matches in the turn, by phrase id. */
  match(turn: TurnText): PhraseHits {
    this.hitSlots.ensure(this.count);
    const hits = new PhraseHits(this.hitSlots);
    this.resetWordIds(turn.tokens.length);
    this.matchWords(turn, turn.tokens, 0, turn.tokens.length, hits);
    const withoutFillers = turn.tokensWithoutFillers;
    if (withoutFillers) this.matchAcrossFillers(turn, withoutFillers, hits);
    if (this.hangulFirst.byKey.size > 0) {
      if (SPACELESS_SCRIPT.test(turn.normalised.text)) {
        this.matchView(turn, turn.compact, this.hangulFirst, hits);
        for (const view of turn.koreanViews) this.matchView(turn, view, this.hangulFirst, hits);
      }
      const typed = turn.keyboardKorean;
      if (typed) this.matchView(turn, typed, this.hangulFirst, hits);
    }
    if (this.choseongFirst.byKey.size > 0) {
      const view = turn.choseong;
      if (view) this.matchView(turn, view, this.choseongFirst, hits);
    }
    return hits;
  }

  /**
   * Word phrases over the tokens with fillers left out, tried only from where a phrase can reach
   * across a left-out filler: a match anywhere else is one the full token list already found.
   */
  private matchAcrossFillers(
    turn: TurnText,
    { tokens, gaps }: TokensWithoutFillers,
    hits: PhraseHits,
  ): void {
    this.resetWordIds(tokens.length);
    let from = 0;
    for (const gap of gaps) {
      this.matchWords(turn, tokens, Math.max(from, gap - this.longestPhrase + 1), gap, hits);
      from = Math.max(from, gap);
    }
  }

  /** Word phrases starting at tokens [from, to); word ids reset for `tokens` beforehand. */
  private matchWords(
    turn: TurnText,
    tokens: Token[],
    from: number,
    to: number,
    hits: PhraseHits,
  ): void {
    const units = turn.units;
    const starts = this.wordStarts;
    for (let i = from; i < to; i++) {
      const token = tokens[i];
      if (
        starts[units[token.start]] === 0 &&
        (token.alt === null || starts[token.alt.charCodeAt(0)] === 0)
      ) {
        continue;
      }
      const keyId = this.keyId(tokens, i);
      const altId = this.altId(tokens, i);
      if (keyId >= 0) this.tryCandidates(this.exactFirst[keyId], tokens, i, hits);
      if (altId >= 0) this.tryCandidates(this.exactFirst[altId], tokens, i, hits);
      if (i + 1 < tokens.length) {
        if (keyId >= 0) this.trySecond(this.exactPair[keyId], tokens, i, hits);
        if (altId >= 0) this.trySecond(this.exactPair[altId], tokens, i, hits);
      }
      this.tryPrefixes(token.key, tokens, i, hits);
      if (token.alt !== null) this.tryPrefixes(token.alt, tokens, i, hits);
    }
  }

  private resetWordIds(count: number): void {
    if (this.keyIds.length < count) {
      this.keyIds = new Int32Array(count * 2);
      this.altIds = new Int32Array(count * 2);
    }
    this.keyIds.fill(UNKNOWN_WORD, 0, count);
    this.altIds.fill(UNKNOWN_WORD, 0, count);
  }

  private keyId(tokens: Token[], index: number): number {
    let id = this.keyIds[index];
    if (id === UNKNOWN_WORD) {
      id = this.vocabulary.get(tokens[index].key) ?? NOT_A_WORD;
      this.keyIds[index] = id;
    }
    return id;
  }

  private altId(tokens: Token[], index: number): number {
    let id = this.altIds[index];
    if (id === UNKNOWN_WORD) {
      const alt = tokens[index].alt;
      id = alt === null ? NOT_A_WORD : (this.vocabulary.get(alt) ?? NOT_A_WORD);
      this.altIds[index] = id;
    }
    return id;
  }

  /** Phrases whose first two words are exact, the first one read at token `first`. */
  private trySecond(
    bySecond: Map<number, PairBucket> | undefined,
    tokens: Token[],
    first: number,
    hits: PhraseHits,
  ): void {
    if (!bySecond) return;
    const keyId = this.keyId(tokens, first + 1);
    if (keyId >= 0) this.tryBucket(bySecond.get(keyId), tokens, first, hits);
    const altId = this.altId(tokens, first + 1);
    if (altId >= 0) this.tryBucket(bySecond.get(altId), tokens, first, hits);
  }

  /**
   * The phrases of a bucket (their second word is known to match) that follow from token
   * `first`, recorded in bucket order as trying them one by one would.
   */
  private tryBucket(
    bucket: PairBucket | undefined,
    tokens: Token[],
    first: number,
    hits: PhraseHits,
  ): void {
    if (!bucket) return;
    if (bucket.all.length <= SMALL_BUCKET) {
      for (const phrase of bucket.all) {
        if (this.followsFrom(phrase, tokens, first, 2)) this.record(phrase, tokens, first, hits);
      }
      return;
    }
    const matched = this.matched;
    matched.length = 0;
    this.collectFollowing(bucket.rest, tokens, first, 2, matched);
    if (first + 2 < tokens.length) {
      const keyId = this.keyId(tokens, first + 2);
      const altId = this.altId(tokens, first + 2);
      if (keyId >= 0) this.collectFollowing(bucket.byThird.get(keyId), tokens, first, 3, matched);
      if (altId >= 0 && altId !== keyId) {
        this.collectFollowing(bucket.byThird.get(altId), tokens, first, 3, matched);
      }
    }
    if (matched.length === 0) return;
    if (matched.length > 1) {
      const positions = bucket.positions;
      matched.sort((a, b) => (positions.get(a.id) ?? 0) - (positions.get(b.id) ?? 0));
    }
    for (const phrase of matched) this.record(phrase, tokens, first, hits);
  }

  /** Adds to `into` the phrases of `phrases` whose words from `from` on follow token `first`. */
  private collectFollowing(
    phrases: TokenPhrase[] | undefined,
    tokens: Token[],
    first: number,
    from: number,
    into: TokenPhrase[],
  ): void {
    if (!phrases) return;
    for (const phrase of phrases) {
      if (this.followsFrom(phrase, tokens, first, from)) into.push(phrase);
    }
  }

  /** Phrases whose first word is a prefix of `reading` (the token's key or its alt). */
  private tryPrefixes(reading: string, tokens: Token[], first: number, hits: PhraseHits): void {
    if (reading.length >= PREFIX_KEY && this.prefixStarts[startHash(reading)] !== 0) {
      const candidates = this.prefixFirst.get(reading.slice(0, PREFIX_KEY));
      if (candidates) {
        for (const phrase of candidates) {
          if (reading.startsWith(phrase.words[0].text)) this.tryPhrase(phrase, tokens, first, hits);
        }
      }
    }
    for (const length of this.shortPrefixLengths) {
      if (reading.length >= length) {
        this.tryCandidates(this.prefixFirst.get(reading.slice(0, length)), tokens, first, hits);
      }
    }
  }

  private tryCandidates(
    candidates: TokenPhrase[] | undefined,
    tokens: Token[],
    first: number,
    hits: PhraseHits,
  ): void {
    if (!candidates) return;
    for (const phrase of candidates) this.tryPhrase(phrase, tokens, first, hits);
  }

  /** Records `phrase` if its words follow from token `first` on. */
  private tryPhrase(phrase: TokenPhrase, tokens: Token[], first: number, hits: PhraseHits): void {
    // Most candidates fail on their words: those are checked before the hit list (addHit
    // itself keeps a full list as it is).
    if (this.followsFrom(phrase, tokens, first, 1)) this.record(phrase, tokens, first, hits);
  }

  /** Whether the phrase's words from `from` on match the tokens after token `first`. */
  private followsFrom(phrase: TokenPhrase, tokens: Token[], first: number, from: number): boolean {
    const { words } = phrase;
    if (first + words.length > tokens.length) return false;
    for (let w = from; w < words.length; w++) {
      if (!this.wordMatches(words[w], tokens, first + w)) return false;
    }
    return true;
  }

  private record(phrase: TokenPhrase, tokens: Token[], first: number, hits: PhraseHits): void {
    const { words } = phrase;
    const last = tokens[first + words.length - 1];
    addHit(hits, phrase.id, {
      start: tokens[first].originalStart,
      end: last.originalEnd,
      unitStart: tokens[first].unit,
      unitEnd: last.unit + last.units - 1,
    });
  }

  private wordMatches(word: Word, tokens: Token[], index: number): boolean {
    if (word.prefix) {
      const token = tokens[index];
      return (
        token.key.startsWith(word.text) || (token.alt !== null && token.alt.startsWith(word.text))
      );
    }
    return this.keyId(tokens, index) === word.id || this.altId(tokens, index) === word.id;
  }

  private matchView(turn: TurnText, view: DerivedView, index: ViewIndex, hits: PhraseHits): void {
    const text = view.text;
    const units = codeUnits(text);
    const { byKey, starts, singles, pairs } = index;
    for (let i = 0; i < units.length; i++) {
      const code = units[i];
      if (starts[code] === 0) continue;
      const single = singles[code] === 1 ? byKey.get(code) : undefined;
      let pair: ViewPhrase[] | undefined;
      if (i + 1 < units.length) {
        const key = (code << 16) | units[i + 1];
        const hash = pairHash(key);
        if ((pairs[hash >>> 5] & (1 << (hash & 31))) !== 0) pair = byKey.get(key);
      }
      if (single) this.addViewHits(turn, view, single, i, hits);
      if (pair) this.addViewHits(turn, view, pair, i, hits);
    }
  }

  private addViewHits(
    turn: TurnText,
    view: DerivedView,
    candidates: ViewPhrase[],
    i: number,
    hits: PhraseHits,
  ): void {
    const text = view.text;
    for (const phrase of candidates) {
      if (!viewMatches(text, i, phrase) || isFull(hits, phrase.id)) continue;
      if (cutsANumber(text, i, phrase.text)) continue;
      const normalisedStart = view.toNormalised[i];
      const last = i + phrase.text.length - 1;
      const normalisedEnd = view.toNormalisedEnd?.[last] ?? view.toNormalised[last] + 1;
      const span = turn.originalSpan(normalisedStart, normalisedEnd);
      // One object shape for every match (a spread would give these a shape of their own).
      addHit(hits, phrase.id, {
        start: span.start,
        end: span.end,
        unitStart: turn.unitAtOriginal(span.start),
        unitEnd: turn.unitAtOriginal(Math.max(span.start, span.end - 1)),
      });
    }
  }
}

const isAsciiDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * Whether a phrase starting or ending with a digit would match part of a longer number: `9살`
 * must not match "29살", nor `중2` "중25". Numbers in views are read whole.
 */
function cutsANumber(text: string, at: number, phrase: string): boolean {
  const end = at + phrase.length;
  return (
    (at > 0 && isAsciiDigit(phrase.charCodeAt(0)) && isAsciiDigit(text.charCodeAt(at - 1))) ||
    (end < text.length &&
      isAsciiDigit(phrase.charCodeAt(phrase.length - 1)) &&
      isAsciiDigit(text.charCodeAt(end)))
  );
}

/**
 * One character (or two, packed) of a view as a 32-bit integer: no string slices, and no
 * boxed numbers, per position. Pairs never collide with single characters because views hold
 * no U+0000 (a pair's first character makes its key negative or at least 0x10000).
 */
const viewKey = (text: string, at: number, pair: boolean): number =>
  pair ? (text.charCodeAt(at) << 16) | text.charCodeAt(at + 1) : text.charCodeAt(at);

const OPEN_END_MIN_SYLLABLES = 3;
/**
 * Finals that verb endings attach to a stem: ㄴ (-ㄴ다, -ㄴ), ㄹ (-ㄹ게, -ㄹ래), ㅁ (-ㅁ), ㅂ
 * (-ㅂ니다). Not ㅆ, which makes a past tense ("죽어" -> "죽었"), nor the others, which mostly
 * spell another word.
 */
const VERB_ENDING_FINALS = new Set([4, 8, 16, 17]);

function hasOpenEnd(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return (
    text.length >= OPEN_END_MIN_SYLLABLES &&
    isHangulSyllable(last) &&
    hangulFinal(last) === 0 &&
    [...text].every((char) => isHangulSyllable(char.charCodeAt(0)))
  );
}

/** Whether the view text at `at` holds the phrase (its open last syllable with any final). */
function viewMatches(text: string, at: number, phrase: ViewPhrase): boolean {
  if (text.startsWith(phrase.text, at)) return true;
  if (!phrase.openEnd) return false;
  const lastAt = phrase.text.length - 1;
  const code = text.charCodeAt(at + lastAt);
  return (
    isHangulSyllable(code) &&
    VERB_ENDING_FINALS.has(hangulFinal(code)) &&
    code - hangulFinal(code) === phrase.text.charCodeAt(lastAt) &&
    text.startsWith(phrase.text.slice(0, lastAt), at)
  );
}

/** A phrase already holding MAX_MATCHES hits takes no more: skip the work of locating it. */
function isFull(hits: PhraseHits, id: number): boolean {
  const list = hits.get(id);
  return list !== undefined && list.length >= MAX_MATCHES;
}

function push<K, T>(map: Map<K, T[]>, key: K, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function addHit(hits: PhraseHits, id: number, match: Match): void {
  const list = hits.get(id);
  if (!list) hits.add(id, match);
  else if (
    list.length < MAX_MATCHES &&
    !list.some((m) => m.start === match.start && m.end === match.end)
  ) {
    list.push(match);
  }
}
