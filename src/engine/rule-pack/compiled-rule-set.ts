import { TurnText } from '../normalisation/turn-text';
import type {
  Finding,
  FlagRequest,
  StageOutcome,
  TextSpan,
  TurnContext,
} from '../pipeline/assessment-stage';
import type { Policy } from '../pipeline/policy';
import type { DetectorHit, TextNormaliser } from '../plugin-registry/plugin-contract';
import type { PluginRegistry } from '../plugin-registry/plugin-registry';
import { CATEGORY_IDS, SPEAKER_TYPES, type CategoryId, type Level } from '../taxonomy';
import {
  runRegex,
  triggerCheck,
  type CompiledExpression,
  type CompiledRegex,
  type Trigger,
  type TurnScope,
} from './expression-compiler';
import type { Match, MatchResult } from './match';
import type { PhraseHits, PhraseIndex } from './phrase-index';
import { RegexPrefilters, type PrefilterStates } from './regex-prefilters';
import type { RuleDefinition } from './rule-pack.types';

/** A loaded, compiled rule set: evaluates turns; immutable once built (reload builds a new one). */

export type CompiledRule = {
  definition: RuleDefinition;
  match: CompiledExpression;
  /**
   * Phrases and regexes of which at least one must occur (or pass its literal prefilter) for
   * `match` to fire (null: no such bound). Rules whose triggers are all absent from a turn are
   * never evaluated on it.
   */
  trigger?: Trigger | null;
  /** A second necessary trigger, tested once `trigger` has passed (see TriggeredExpression). */
  confirm?: Trigger | null;
  unless: CompiledExpression | null;
};

/** The rules stage outcome, plus the hits of `status: shadow` rules (recorded, never answered). */
export type RulesOutcome = StageOutcome & { shadowFindings: Finding[] };

export type PackSummary = {
  id: string;
  category: CategoryId;
  version: string;
  languages: string[];
  file: string;
  rules: number;
  shadowRules: number;
};

const MAX_SPANS = 10;

export class CompiledRuleSet {
  private readonly ordered: CompiledRule[];
  private readonly byId: Map<string, CompiledRule>;
  /** Positions in `ordered` of the rules evaluated on every turn (no trigger), ascending. */
  private readonly untriggered: number[] = [];
  /**
   * Scratch of `candidates` (evaluation is synchronous, never re-entered): the positions found
   * for the current turn, and a mark per position against adding one twice (all 0 between turns).
   */
  private readonly found: Int32Array;
  private readonly marked: Uint8Array;
  /** Phrase id -> positions in `ordered` of the rules it triggers. */
  private readonly triggered: (number[] | undefined)[];
  /** Regex id -> positions in `ordered` of the rules it triggers. */
  private readonly triggeredByRegex: (number[] | undefined)[];
  /**
   * Each rule's speakers as a mask of `speakerBit`s (ANY_SPEAKER where it names none): nearly
   * every rule names its speakers, and a typed-array read per candidate costs less than a list
   * search over strings read from the packs (compared character by character).
   */
  private readonly speakerMasks: Int32Array;
  /**
   * Each rule's flag and count conditions, or null where it has none. One shape for every
   * rule, read on the hot path instead of the rule definitions (whose shapes vary).
   */
  private readonly conditions: (RuleConditions | null)[];
  /** Each rule's confirm trigger as a check, or null. */
  private readonly confirms: (((scope: TurnScope) => boolean) | null)[];
  /** Position in `ordered` of the first rule with a `when.raised` condition (they come last). */
  private readonly firstDependent: number;
  /** Each such rule's `when.raised` as [category, minimum score] pairs under the policy. */
  private readonly raisedConditions: RaisedCondition[][];
  private readonly prefilters: RegexPrefilters;
  private readonly regexResults: RegexResults;

  constructor(
    readonly rulesVersion: string,
    readonly policy: Policy,
    readonly packs: readonly PackSummary[],
    rules: readonly CompiledRule[],
    private readonly phrases: PhraseIndex,
    private readonly regexes: readonly CompiledRegex[],
    private readonly registry: PluginRegistry,
    private readonly normalisers: readonly TextNormaliser[],
  ) {
    // Rules that set flags run first, so a flag set by this turn ("i'm 14 ... be my
    // girlfriend") is already visible to the rules that test it. Rules that test what this
    // turn raised (`when.raised`) run last, after every rule they may depend on.
    const raising = rules.filter((r) => !hasRaisedCondition(r.definition));
    const dependent = rules.filter((r) => hasRaisedCondition(r.definition));
    this.ordered = [
      ...raising.filter((r) => r.definition.setFlags.length > 0),
      ...raising.filter((r) => r.definition.setFlags.length === 0),
      ...dependent,
    ];
    this.firstDependent = raising.length;
    this.byId = new Map(rules.map((r) => [r.definition.id, r]));
    this.raisedConditions = this.ordered.map(({ definition }) =>
      (Object.entries(definition.when.raised) as [CategoryId, Exclude<Level, 'none'>][]).map(
        ([category, level]): RaisedCondition => [category, policy.thresholds[category][level]],
      ),
    );
    this.speakerMasks = Int32Array.from(this.ordered, ({ definition }) =>
      definition.speakers === null ? ANY_SPEAKER : speakerMask(definition.speakers),
    );
    this.conditions = this.ordered.map(({ definition }) => conditionsOf(definition));
    this.confirms = this.ordered.map(({ confirm }) => (confirm ? triggerCheck(confirm) : null));
    this.prefilters = new RegexPrefilters(regexes);
    this.regexResults = new RegexResults(regexes.length);
    this.triggeredByRegex = Array.from({ length: regexes.length }, () => undefined);
    this.found = new Int32Array(this.ordered.length);
    this.marked = new Uint8Array(this.ordered.length);
    // Filled up front, so the array keeps fast (not dictionary) elements however ids spread.
    this.triggered = Array.from({ length: phrases.size }, () => undefined);
    this.ordered.forEach((rule, position) => {
      const { trigger } = rule;
      // A regex without a usable prefilter passes every turn: so does a trigger holding one.
      if (!trigger || trigger.regexes.some((id) => this.prefilters.unfiltered(id))) {
        this.untriggered.push(position);
        return;
      }
      for (const id of trigger.phrases) (this.triggered[id] ??= []).push(position);
      for (const id of trigger.regexes) (this.triggeredByRegex[id] ??= []).push(position);
    });
  }

  /**
   * Which rules can fire on this turn: the untriggered ones plus those whose phrases occurred
   * or whose regexes' required literals occurred, written as ascending positions in `ordered`
   * to `this.found[0..count)` (scratch that the next turn overwrites); returns the count. A
   * turn has a few dozen candidates among hundreds of rules: listing them costs less than
   * marking and then walking every rule.
   */
  private candidates(scope: Scope): number {
    const found = this.found;
    const marked = this.marked;
    let count = 0;
    try {
      count = addUnmarked(this.untriggered, found, marked, count);
      const hitIds = scope.phraseHitIds();
      for (let i = 0; i < hitIds.length; i++) {
        const positions = this.triggered[hitIds[i]];
        if (positions) count = addUnmarked(positions, found, marked, count);
      }
      const regexIds = scope.prefilteredRegexIds();
      for (let i = 0; i < regexIds.length; i++) {
        const positions = this.triggeredByRegex[regexIds[i]];
        if (positions) count = addUnmarked(positions, found, marked, count);
      }
    } finally {
      // Even when matching throws, the next turn must start with no position marked.
      for (let i = 0; i < count; i++) marked[found[i]] = 0;
    }
    // Rules run in `ordered` order (flag-setting rules first): sort the positions back into it.
    sortAscending(found, count);
    return count;
  }

  get rules(): readonly CompiledRule[] {
    return this.ordered;
  }

  rule(id: string): CompiledRule | undefined {
    return this.byId.get(id);
  }

  /** Normalises a text exactly as turns are normalised (for tools and tests). */
  normalise(text: string): TurnText {
    return new TurnText(text, this.normalisers);
  }

  evaluate(context: TurnContext): RulesOutcome {
    const { turn, conversation } = context;
    const currentTurn = conversation.turns + 1;
    const flags = new Set(
      conversation.flags
        .filter((flag) => flag.expiresAtTurn === null || flag.expiresAtTurn >= currentTurn)
        .map((flag) => flag.name),
    );
    const speaker = speakerBit(turn.speakerType);
    const scope = this.scope(turn.text, flags);
    const findings: Finding[] = [];
    const shadowFindings: Finding[] = [];
    const flagRequests: FlagRequest[] = [];
    const count = this.candidates(scope);
    const candidates = this.found;
    const ordered = this.ordered;
    let raisedScores: Float64Array | null = null;
    for (let k = 0; k < count; k++) {
      const position = candidates[k];
      const rule = ordered[position];
      const { definition } = rule;
      if (position >= this.firstDependent) {
        // Scores of the rules before this point only: dependent rules never see each other.
        raisedScores ??= highestScores(findings);
        if (!raisedReached(this.raisedConditions[position], raisedScores)) continue;
      }
      if ((this.speakerMasks[position] & speaker) === 0) continue;
      const conditions = this.conditions[position];
      if (conditions !== null && !conditions.hold(flags, conversation.categoryCounts)) continue;
      const confirm = this.confirms[position];
      if (confirm !== null && !confirm(scope)) continue;
      const matches = firingMatches(rule, scope);
      if (matches === null) continue;
      const finding = toFinding(definition, matches);
      if (definition.status === 'shadow') {
        shadowFindings.push(finding);
        continue;
      }
      findings.push(finding);
      for (const request of definition.setFlags) {
        flags.add(request.name);
        if (!flagRequests.some((f) => f.name === request.name)) flagRequests.push(request);
      }
    }
    return { ran: true, findings, flags: flagRequests, shadowFindings };
  }

  /**
   * Whether one rule fires on a text, ignoring speaker and conversation conditions (its
   * `when` flags are treated as active). Used by inline tests.
   */
  ruleFires(ruleId: string, text: string): boolean {
    const rule = this.byId.get(ruleId);
    if (!rule) throw new Error(`unknown rule ${ruleId}`);
    const flags = new Set(rule.definition.when.flags);
    return firingMatches(rule, this.scope(text, flags)) !== null;
  }

  private scope(text: string, flags: ReadonlySet<string>): Scope {
    return new Scope(
      this.normalise(text),
      flags,
      this.phrases,
      this.regexes,
      this.prefilters,
      this.registry,
      this.regexResults,
    );
  }
}

type CountCondition = [CategoryId, number | undefined];
type RaisedCondition = [CategoryId, number];

function hasRaisedCondition(rule: RuleDefinition): boolean {
  return Object.keys(rule.when.raised).length > 0;
}

/** Highest finding score per category (CATEGORY_IDS order). */
function highestScores(findings: readonly Finding[]): Float64Array {
  const scores = new Float64Array(CATEGORY_IDS.length);
  for (const finding of findings) {
    const index = CATEGORY_INDEX[finding.category];
    if (finding.score > scores[index]) scores[index] = finding.score;
  }
  return scores;
}

function raisedReached(conditions: readonly RaisedCondition[], scores: Float64Array): boolean {
  for (const [category, minimum] of conditions) {
    if (scores[CATEGORY_INDEX[category]] < minimum) return false;
  }
  return true;
}

const CATEGORY_INDEX = Object.fromEntries(CATEGORY_IDS.map((id, index) => [id, index])) as Record<
  CategoryId,
  number
>;

/**
 * Appends to `found[count..]` the positions not marked yet, marking them; returns the new count.
 */
function addUnmarked(
  positions: readonly number[],
  found: Int32Array,
  marked: Uint8Array,
  count: number,
): number {
  let next = count;
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i];
    if (marked[position] === 0) {
      marked[position] = 1;
      found[next++] = position;
    }
  }
  return next;
}

const INSERTION_SORT_MAX = 64;

/**
 * Sorts `values[0..count)` in place. A turn lists a few dozen positions: those an insertion
 * sort orders without the view (and its allocation) a typed-array sort needs; long turns can
 * list hundreds, which the built-in sort takes.
 */
function sortAscending(values: Int32Array, count: number): void {
  if (count > INSERTION_SORT_MAX) {
    values.subarray(0, count).sort();
    return;
  }
  for (let i = 1; i < count; i++) {
    const value = values[i];
    let j = i - 1;
    while (j >= 0 && values[j] > value) {
      values[j + 1] = values[j];
      j--;
    }
    values[j + 1] = value;
  }
}

/** Speakers as bits, in SPEAKER_TYPES order; any other speaker has a bit no rule lists. */
function speakerBit(speaker: string): number {
  const index = (SPEAKER_TYPES as readonly string[]).indexOf(speaker);
  return 1 << (index < 0 ? SPEAKER_TYPES.length : index);
}

/** Every bit: rules without a speaker list run for any speaker, unknown ones too. */
const ANY_SPEAKER = -1;

function speakerMask(speakers: readonly string[]): number {
  let mask = 0;
  for (const speaker of speakers) mask |= speakerBit(speaker);
  return mask;
}

/** The conditions a rule sets on the conversation so far (flags raised, category counts). */
class RuleConditions {
  constructor(
    private readonly flags: readonly string[],
    private readonly notFlags: readonly string[],
    private readonly counts: readonly CountCondition[],
  ) {}

  hold(flags: ReadonlySet<string>, counts: Record<CategoryId, number>): boolean {
    for (const flag of this.flags) if (!flags.has(flag)) return false;
    for (const flag of this.notFlags) if (flags.has(flag)) return false;
    for (const [category, minimum] of this.counts) {
      if ((counts[category] ?? 0) < (minimum ?? 0)) return false;
    }
    return true;
  }
}

function conditionsOf(rule: RuleDefinition): RuleConditions | null {
  const { when } = rule;
  const counts = Object.entries(when.counts) as CountCondition[];
  const none = when.flags.length === 0 && when.notFlags.length === 0 && counts.length === 0;
  return none ? null : new RuleConditions(when.flags, when.notFlags, counts);
}

function firingMatches(rule: CompiledRule, scope: TurnScope): MatchResult {
  const matches = rule.match(scope);
  if (matches === null) return null;
  if (rule.unless && rule.unless(scope) !== null) return null;
  return matches;
}

function toFinding(rule: RuleDefinition, matches: readonly Match[]): Finding {
  const finding: Finding = {
    category: rule.category,
    subcategory: rule.subcategory,
    score: rule.score,
    stage: 'rules',
    code: rule.id,
    message: rule.reason,
    spans: mergeSpans(matches),
  };
  if (rule.authoritative) finding.authoritative = true;
  return finding;
}

function mergeSpans(matches: readonly Match[]): TextSpan[] {
  const sorted = matches
    .filter((m) => m.end > m.start)
    .map((m) => ({ start: m.start, end: m.end }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push(span);
  }
  return merged.slice(0, MAX_SPANS);
}

/**
 * The results of the regexes run on the current turn, by regex id (undefined: not run yet).
 * One per rule set, cleared by each turn's scope (evaluation is synchronous): clearing the
 * few entries a turn wrote costs less than a fresh array as long as all the rule set's regexes.
 */
class RegexResults {
  private readonly results: (MatchResult | undefined)[];
  private readonly written: number[] = [];

  constructor(size: number) {
    this.results = Array.from({ length: size }, () => undefined);
  }

  get(regexId: number): MatchResult | undefined {
    return this.results[regexId];
  }

  set(regexId: number, result: MatchResult): void {
    this.results[regexId] = result;
    this.written.push(regexId);
  }

  clear(): void {
    for (const regexId of this.written) this.results[regexId] = undefined;
    this.written.length = 0;
  }
}

/** Per-turn caches shared by all rules. */
class Scope implements TurnScope {
  private phraseCache: PhraseHits | undefined;
  private readonly detectorCache = new Map<string, readonly DetectorHit[]>();
  private readonly mayMatchStates: PrefilterStates;

  constructor(
    readonly text: TurnText,
    readonly flags: ReadonlySet<string>,
    private readonly phrases: PhraseIndex,
    private readonly regexes: readonly CompiledRegex[],
    private readonly prefilters: RegexPrefilters,
    private readonly registry: PluginRegistry,
    private readonly regexResults: RegexResults,
  ) {
    regexResults.clear();
    this.mayMatchStates = prefilters.states();
  }

  phraseHits(): PhraseHits {
    this.phraseCache ??= this.phrases.match(this.text);
    return this.phraseCache;
  }

  phraseHitIds(): readonly number[] {
    return this.phraseHits().ids;
  }

  detectorHits(detectorId: string): readonly DetectorHit[] {
    let hits = this.detectorCache.get(detectorId);
    if (hits === undefined) {
      const detector = this.registry.detector(detectorId);
      try {
        hits = detector ? detector.detect(this.text.original) : [];
      } catch {
        // A failing detector must not fail the assessment; its rules simply do not fire.
        hits = [];
      }
      this.detectorCache.set(detectorId, hits);
    }
    return hits;
  }

  regexHits(regexId: number): MatchResult {
    let hits = this.regexResults.get(regexId);
    if (hits === undefined) {
      hits = this.regexMayMatch(regexId)
        ? runRegex(
            this.regexes[regexId],
            this.text,
            this.prefilters.windows(regexId, this.mayMatchStates),
          )
        : null;
      this.regexResults.set(regexId, hits);
    }
    return hits;
  }

  regexMayMatch(regexId: number): boolean {
    return this.prefilters.mayMatch(regexId, this.text, this.mayMatchStates);
  }

  /** The regexes whose required literals occur in the turn (see RegexPrefilters.foundIds). */
  prefilteredRegexIds(): readonly number[] {
    return this.prefilters.foundIds(this.text, this.mayMatchStates);
  }
}
