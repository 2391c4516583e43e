import { arabicAndDigitsFolded, simplifiedHan } from '../normalisation/core-normalisers';
import { strokeLettersFolded } from '../normalisation/char-folding';
import type { DetectorHit } from '../plugin-registry/plugin-contract';
import type { TurnText } from '../normalisation/turn-text';
import { compileLinearRegex, type LinearRegex } from './linear-regex';
import { MAX_MATCHES, NO_SPANS, type Match, type MatchResult } from './match';
import type { PhraseHits, PhraseIndex } from './phrase-index';
import { lowerCasedLiterals, requiredLiterals, type RegexLiterals } from './regex-literals';
import type { Expression, FactCondition } from './rule-pack.types';

/**
 * Compiles parsed expressions into closures over a per-turn `TurnScope`. Everything costly
 * (phrase matching, detectors, regexes) is computed at most once per turn and shared by all
 * rules through the scope.
 */

export interface TurnScope {
  readonly text: TurnText;
  readonly flags: ReadonlySet<string>;
  phraseHits(): PhraseHits;
  /** The keys of `phraseHits()` in its order, as an array (read by many rules per turn). */
  phraseHitIds(): readonly number[];
  detectorHits(detectorId: string): readonly DetectorHit[];
  regexHits(regexId: number): MatchResult;
  /** Whether the regex's prefilter passes on this turn (true for regexes without one). */
  regexMayMatch(regexId: number): boolean;
}

export type CompiledExpression = (scope: TurnScope) => MatchResult;

export type CompiledRegex = {
  id: number;
  pattern: string;
  regex: LinearRegex;
  raw: boolean;
  /**
   * Required literals: the regex is skipped on turns holding none of them (null: always runs).
   * `RegexPrefilters` tests them for all regexes of a rule set at once.
   */
  prefilter: RegexLiterals | null;
  /**
   * The prefilter's literals as found in the lower-cased subject (see `lowerCasedLiterals`),
   * or null: what `RegexPrefilters` looks for.
   */
  loweredLiterals: string[] | null;
};

/** Compiles a rule regex (throws RE2's message when the pattern is not valid RE2). */
export function compileRuleRegex(id: number, written: string, raw: boolean): CompiledRegex {
  // The normalised text has Han characters in Simplified forms, stroke letters, Arabic letters
  // and other scripts' digits folded; so must a pattern run over it.
  const pattern = raw
    ? written
    : arabicAndDigitsFolded(strokeLettersFolded(simplifiedHan(written)));
  const regex = compileLinearRegex(pattern);
  const prefilter = requiredLiterals(pattern);
  const loweredLiterals = prefilter === null ? null : lowerCasedLiterals(prefilter);
  return { id, pattern, regex, raw, prefilter, loweredLiterals };
}

export type ExpressionResolver = {
  phrases: PhraseIndex;
  /** Terms of a list name as written in the rule's pack (local or `_shared.<name>`). */
  listTerms(name: string): string[] | null;
  regex(pattern: string, raw: boolean): CompiledRegex;
  hasDetector(id: string): boolean;
};

/**
 * Phrases that occurred and regexes whose required literals occurred: at least one of a
 * trigger's entries must hold on a turn for its expression to match.
 */
export type Trigger = {
  phrases: readonly number[];
  regexes: readonly number[];
  /** How often the trigger is expected to fire, in phrase units: lower prunes more. */
  cost: number;
};

/**
 * A compiled expression plus its trigger (null when no such set exists, e.g. a regex without
 * required literals, a detector or `not`). The rule set uses triggers to skip rules whose
 * phrases and regex literals did not occur at all. `confirm` is a second, independent
 * necessary trigger (the next cheapest side of an `all` or `near`, null if none): a rule whose
 * trigger passed is still skipped when its confirm trigger does not.
 */
export type TriggeredExpression = {
  match: CompiledExpression;
  trigger: Trigger | null;
  confirm: Trigger | null;
};

const byPhrases = (ids: readonly number[]): Trigger => ({
  phrases: ids,
  regexes: [],
  cost: ids.length,
});

/**
 * A regex trigger passes whenever one of its required literals occurs. Literals of one or two
 * characters ("i", "0".."9", ",") occur in most turns, so such a trigger weighs as much as a
 * long phrase list: `all` and `near` then choose the other side (a phone word over a digit).
 */
function regexTriggerCost(prefilter: RegexLiterals): number {
  let shortest = Infinity;
  for (const literal of prefilter.literals) shortest = Math.min(shortest, literal.length);
  const perLiteral = shortest <= 1 ? 64 : shortest === 2 ? 8 : 1;
  return prefilter.literals.length * perLiteral;
}

export function compileExpression(
  expression: Expression,
  resolver: ExpressionResolver,
): CompiledExpression {
  return compileTriggered(expression, resolver).match;
}

export function compileTriggered(
  expression: Expression,
  resolver: ExpressionResolver,
): TriggeredExpression {
  switch (expression.kind) {
    case 'phrases': {
      const ids = expression.phrases
        .map((p) => resolver.phrases.add(p))
        .filter((id): id is number => id !== null);
      return { match: phraseMatcher(ids), trigger: byPhrases([...new Set(ids)]), confirm: null };
    }
    case 'lists': {
      const ids: number[] = [];
      for (const name of expression.lists) {
        for (const term of resolver.listTerms(name) ?? []) {
          const id = resolver.phrases.add(term);
          if (id !== null) ids.push(id);
        }
      }
      const unique = [...new Set(ids)];
      return { match: phraseMatcher(unique), trigger: byPhrases(unique), confirm: null };
    }
    case 'regex': {
      const { id, prefilter } = resolver.regex(expression.pattern, expression.raw);
      return {
        match: (scope) => scope.regexHits(id),
        trigger: prefilter
          ? { phrases: [], regexes: [id], cost: regexTriggerCost(prefilter) }
          : null,
        confirm: null,
      };
    }
    case 'near': {
      // Both sides must match: either side's trigger is necessary; the smaller one prunes more.
      const a = compileTriggered(expression.a, resolver);
      const b = compileTriggered(expression.b, resolver);
      return {
        match: nearMatcher(a.match, b.match, expression.within, expression.ordered),
        ...twoCheapest([a, b]),
      };
    }
    case 'all': {
      const compiled = expression.items.map((item) => compileTriggered(item, resolver));
      const items = compiled.map((c) => c.match);
      return {
        match: (scope) => {
          const found: Match[] = [];
          for (const item of items) {
            const result = item(scope);
            if (result === null) return null;
            for (const m of result) found.push(m);
          }
          return found;
        },
        ...twoCheapest(compiled),
      };
    }
    case 'any': {
      const compiled = expression.items.map((item) => compileTriggered(item, resolver));
      const items = compiled.map((c) => c.match);
      // Any item may match: only when every item has a trigger does their union bound it.
      const trigger =
        compiled.length > 0 && compiled.every((c) => c.trigger !== null)
          ? {
              phrases: [...new Set(compiled.flatMap((c) => c.trigger?.phrases ?? []))],
              regexes: [...new Set(compiled.flatMap((c) => c.trigger?.regexes ?? []))],
              cost: compiled.reduce((sum, c) => sum + (c.trigger?.cost ?? 0), 0),
            }
          : null;
      return {
        match: (scope) => {
          let found: Match[] | null = null;
          for (const item of items) {
            const result = item(scope);
            if (result !== null) {
              found ??= [];
              for (const m of result) found.push(m);
            }
          }
          return found;
        },
        trigger,
        confirm: null,
      };
    }
    case 'not': {
      const item = compileTriggered(expression.item, resolver).match;
      return {
        match: (scope) => (item(scope) === null ? NO_SPANS : null),
        trigger: null,
        confirm: null,
      };
    }
    case 'flag': {
      const name = expression.name;
      return {
        match: (scope) => (scope.flags.has(name) ? NO_SPANS : null),
        trigger: null,
        confirm: null,
      };
    }
    case 'detector':
      return {
        match: detectorMatcher(expression.id, expression.subcategory, expression.where),
        trigger: null,
        confirm: null,
      };
  }
}

/**
 * For expressions whose parts must all match (`all`, `near`): every part's triggers are
 * necessary, so the cheapest one triggers and the next cheapest confirms.
 */
function twoCheapest(parts: readonly TriggeredExpression[]): {
  trigger: Trigger | null;
  confirm: Trigger | null;
} {
  const known = parts
    .flatMap((part) => [part.trigger, part.confirm])
    .filter((trigger): trigger is Trigger => trigger !== null)
    .sort((a, b) => a.cost - b.cost);
  return { trigger: known[0] ?? null, confirm: known[1] ?? null };
}

/**
 * Whether a trigger passed on a turn: one of its phrases was hit, or one of its regexes may
 * match. The rule set tests a rule's confirm trigger with it before matching the rule.
 */
export function triggerCheck(trigger: Trigger): (scope: TurnScope) => boolean {
  const phrases = phraseMatcher([...trigger.phrases]);
  const { regexes } = trigger;
  return (scope) => {
    if (phrases(scope) !== null) return true;
    for (let i = 0; i < regexes.length; i++) if (scope.regexMayMatch(regexes[i])) return true;
    return false;
  };
}

function phraseMatcher(ids: number[]): CompiledExpression {
  if (ids.length === 0) return () => null;
  if (ids.length === 1) {
    const [id] = ids;
    return (scope) => scope.phraseHits().get(id) ?? null;
  }
  const wanted = new PhraseIdSet(ids);
  const wantedSize = wanted.size;
  return (scope) => {
    const hits = scope.phraseHits();
    let found: Match[] | null = null;
    // A turn hits few phrases; a list can hold hundreds: walk whichever side is smaller.
    if (hits.size < wantedSize) {
      const hitIds = scope.phraseHitIds();
      for (let i = 0; i < hitIds.length; i++) {
        const id = hitIds[i];
        if (wanted.has(id)) found = appendAll(found, hits.get(id));
      }
    } else {
      for (const id of ids) found = appendAll(found, hits.get(id));
    }
    return found;
  };
}

/**
 * A fixed set of phrase ids as a bitset over the ids' range (a list's terms get neighbouring
 * ids): one array read per membership test instead of a hashed lookup.
 */
class PhraseIdSet {
  readonly size: number;
  private readonly min: number;
  private readonly span: number;
  private readonly bits: Uint32Array;

  constructor(ids: readonly number[]) {
    let min = ids[0];
    let max = ids[0];
    for (const id of ids) {
      if (id < min) min = id;
      if (id > max) max = id;
    }
    this.min = min;
    this.span = max - min;
    this.bits = new Uint32Array((this.span >>> 5) + 1);
    let size = 0;
    for (const id of ids) {
      const k = id - min;
      const bit = 1 << (k & 31);
      if ((this.bits[k >>> 5] & bit) === 0) size++;
      this.bits[k >>> 5] |= bit;
    }
    this.size = size;
  }

  has(id: number): boolean {
    const k = id - this.min;
    return k >= 0 && k <= this.span && (this.bits[k >>> 5] & (1 << (k & 31))) !== 0;
  }
}

/** `found` with `matches` appended (created on the first matches; unchanged when none). */
function appendAll(found: Match[] | null, matches: readonly Match[] | undefined): Match[] | null {
  if (matches === undefined) return found;
  const into = found ?? [];
  for (let i = 0; i < matches.length; i++) into.push(matches[i]);
  return into;
}

function nearMatcher(
  a: CompiledExpression,
  b: CompiledExpression,
  within: number,
  ordered: boolean,
): CompiledExpression {
  return (scope) => {
    const left = a(scope);
    if (left === null || left.length === 0) return null;
    const right = b(scope);
    if (right === null || right.length === 0) return null;
    const found: Match[] = [];
    for (const x of left) {
      for (const y of right) {
        if (found.length >= MAX_MATCHES) return found;
        if (isNear(x, y, within) || (!ordered && isNear(y, x, within))) found.push(x, y);
      }
    }
    return found.length > 0 ? found : null;
  };
}

/** `second` starts after `first` with at most `within` units between them (overlap counts). */
function isNear(first: Match, second: Match, within: number): boolean {
  if (second.start < first.start) return false;
  const gap = second.unitStart - first.unitEnd - 1;
  return gap <= within;
}

/**
 * The internalized copy of a string (property names are internalized). Strings read from rule
 * packs are not: as map keys and in comparisons with the plugins' literals they are compared
 * character by character, internalized ones by identity.
 */
const internalized = (text: string): string => Object.keys({ [text]: true })[0];

function detectorMatcher(
  detectorId: string,
  detectorSubcategory: string | null,
  conditions: FactCondition[],
): CompiledExpression {
  const id = internalized(detectorId);
  const subcategory = detectorSubcategory === null ? null : internalized(detectorSubcategory);
  const where = conditions.map((condition): FactCondition => ({
    ...condition,
    fact: internalized(condition.fact),
    value: typeof condition.value === 'string' ? internalized(condition.value) : condition.value,
  }));
  return (scope) => {
    let found: Match[] | null = null;
    for (const hit of scope.detectorHits(id)) {
      if (subcategory !== null && hit.subcategory !== subcategory) continue;
      if (!where.every((condition) => factHolds(hit, condition))) continue;
      (found ??= []).push({
        start: hit.start,
        end: hit.end,
        unitStart: scope.text.unitAtOriginal(hit.start),
        unitEnd: scope.text.unitAtOriginal(Math.max(hit.start, hit.end - 1)),
      });
      if (found.length >= MAX_MATCHES) break;
    }
    return found;
  };
}

function factHolds(hit: DetectorHit, condition: FactCondition): boolean {
  const actual = hit.facts?.[condition.fact];
  if (actual === undefined) return false;
  if (condition.op === 'eq') return actual === condition.value;
  if (typeof actual !== 'number' || typeof condition.value !== 'number') return false;
  switch (condition.op) {
    case 'lt':
      return actual < condition.value;
    case 'lte':
      return actual <= condition.value;
    case 'gt':
      return actual > condition.value;
    case 'gte':
      return actual >= condition.value;
  }
}

/**
 * Runs one rule regex over the normalised (or original) text and maps matches back. Callers
 * check its prefilter first (`RegexPrefilters`, through the per-turn scope), which also says
 * which windows of a long text to read (`toRead`).
 */
export function runRegex(
  compiled: CompiledRegex,
  text: TurnText,
  toRead?: Uint8Array,
): MatchResult {
  const subject = compiled.raw ? text.original : text.normalised.text;
  const found = compiled.regex.findAll(subject, MAX_MATCHES, toRead);
  if (found.length === 0) return null;
  return found.map(([start, end]) => {
    const span = compiled.raw ? { start, end } : text.originalSpan(start, end);
    // One object shape for every match (a spread would give these a shape of their own).
    return {
      start: span.start,
      end: span.end,
      unitStart: text.unitAtOriginal(span.start),
      unitEnd: text.unitAtOriginal(Math.max(span.start, span.end - 1)),
    };
  });
}
