import type { TurnText } from '../normalisation/turn-text';
import type { CompiledRegex } from './expression-compiler';
import { markWindowsHolding, windowCount } from './linear-regex';
import { LiteralAutomaton, type LiteralEntry, type OccurrenceSink } from './literal-automaton';

/**
 * The literal prefilters of all rule regexes, answered together: a regex may match a turn
 * only if one of its required literals occurs in the text it reads. Regexes read the original
 * or the normalised text; their literals are looked for in that text lower-cased (a
 * case-sensitive literal, lower-cased, is still necessary there), so each text is scanned once
 * per turn by one automaton holding the literals of every regex that reads it, and that scan
 * answers all of those regexes. Over long texts the same scan also notes which windows of the
 * text hold a regex's literals: the regex reads only those (see `LinearRegex.findAll`).
 */

/**
 * Per-turn answers. `marks`: by regex id, 1 where a scan found one of the regex's literals
 * (0 = not found, or its text not scanned yet), then one slot per text, 1 once that text has
 * been scanned. `found`: the regex ids marked so far. Nothing is written for the regexes a
 * scan did not find, so a turn costs the literals it holds, not the number of regexes.
 * `windows`: per text, the windows holding each regex's literals, when the text is long.
 */
export type PrefilterStates = { marks: Uint8Array; found: number[]; windows: LiteralWindows[] };

/**
 * The windows (see `windowCount`) of one long text that hold an occurrence of each regex's
 * literals: row `regexId` of `count` marks. `count` is 0 while the text is not scanned, is
 * read whole, or is not the lower-cased text unit for unit (offsets would not carry over).
 */
class LiteralWindows implements OccurrenceSink {
  count = 0;
  marks = new Uint8Array(0);

  constructor(private readonly regexCount: number) {}

  /** Starts a text of `length` units: all rows cleared, or `count` 0 when it has no windows. */
  start(length: number): void {
    this.count = windowCount(length);
    const size = this.regexCount * this.count;
    if (this.marks.length < size) this.marks = new Uint8Array(size);
    else this.marks.fill(0, 0, size);
  }

  occurs(regexId: number, end: number, length: number): void {
    markWindowsHolding(this.marks, regexId * this.count, this.count, end - length, length);
  }

  row(regexId: number): Uint8Array | undefined {
    if (this.count === 0) return undefined;
    const offset = regexId * this.count;
    return this.marks.subarray(offset, offset + this.count);
  }
}

const FOUND = 1;
const SCANNED = 1;
/** No prefilter: the regex always runs. */
const ALWAYS = -1;
/** The texts a regex reads: 0 = normalised, 1 = original (`raw`). */
const TEXTS = 2;

export class RegexPrefilters {
  /** The text each regex reads (0 or 1), or ALWAYS. */
  private readonly texts: Int8Array;
  private readonly automata: (LiteralAutomaton | null)[] = [];
  /**
   * The one set of per-turn states, handed out again by every `states()` call (evaluation is
   * synchronous): zeroing the few marks a turn set costs less than a fresh array per turn.
   */
  private readonly scratch: PrefilterStates;

  /** `regexes[i].id` must be `i` (as the rule-set loader numbers them). */
  constructor(regexes: readonly CompiledRegex[]) {
    this.texts = new Int8Array(regexes.length).fill(ALWAYS);
    const entries: LiteralEntry[][] = [[], []];
    regexes.forEach((regex, position) => {
      if (regex.id !== position) throw new Error(`regex ids must be positions (${regex.id})`);
    });
    for (const regex of regexes) {
      const literals = regex.loweredLiterals;
      if (literals === null) continue;
      const text = regex.raw ? 1 : 0;
      this.texts[regex.id] = text;
      for (const literal of literals) entries[text].push({ literal, group: regex.id });
    }
    for (const list of entries) {
      this.automata.push(list.length > 0 ? new LiteralAutomaton(list) : null);
    }
    this.scratch = {
      marks: new Uint8Array(this.texts.length + TEXTS),
      found: [],
      windows: Array.from({ length: TEXTS }, () => new LiteralWindows(regexes.length)),
    };
  }

  /**
   * Cleared per-turn states for `mayMatch`. The same object every call: the states of the
   * previous call are no longer valid once this is called again.
   */
  states(): PrefilterStates {
    const { marks, found } = this.scratch;
    for (let i = 0; i < found.length; i++) marks[found[i]] = 0;
    found.length = 0;
    for (let which = 0; which < TEXTS; which++) {
      marks[this.texts.length + which] = 0;
      this.scratch.windows[which].count = 0;
    }
    return this.scratch;
  }

  /** Whether regex `regexId` has no prefilter (it may match every turn). */
  unfiltered(regexId: number): boolean {
    return this.texts[regexId] === ALWAYS;
  }

  /** Whether regex `regexId` may match the turn (always true for regexes without a prefilter). */
  mayMatch(regexId: number, text: TurnText, states: PrefilterStates): boolean {
    const { marks } = states;
    if (marks[regexId] === FOUND) return true;
    const which = this.texts[regexId];
    if (which === ALWAYS) return true;
    if (marks[this.texts.length + which] === SCANNED) return false;
    this.scan(which, text, states);
    return marks[regexId] === FOUND;
  }

  /**
   * The ids of the prefiltered regexes that may match the turn (both texts scanned): the rule
   * set reads these instead of asking about each of its regexes.
   */
  foundIds(text: TurnText, states: PrefilterStates): readonly number[] {
    for (let which = 0; which < TEXTS; which++) {
      if (states.marks[this.texts.length + which] === 0) this.scan(which, text, states);
    }
    return states.found;
  }

  /**
   * The windows of its text that regex `regexId` must read (undefined: all of them). Asked
   * of a regex that `mayMatch` or `foundIds` said may match.
   */
  windows(regexId: number, states: PrefilterStates): Uint8Array | undefined {
    const which = this.texts[regexId];
    return which === ALWAYS ? undefined : states.windows[which].row(regexId);
  }

  /** Answers every regex reading text `which` with one pass over it. */
  private scan(which: number, text: TurnText, states: PrefilterStates): void {
    states.marks[this.texts.length + which] = SCANNED;
    const automaton = this.automata[which];
    if (automaton === null) return;
    const raw = which === 1;
    const lowered = text.lowerCased(raw);
    const subject = raw ? text.original : text.normalised.text;
    let windows: LiteralWindows | undefined;
    if (lowered.length === subject.length && windowCount(subject.length) > 0) {
      windows = states.windows[which];
      windows.start(subject.length);
    }
    automaton.scan(lowered, states.marks, FOUND, states.found, windows);
  }
}
