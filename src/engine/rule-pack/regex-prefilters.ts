import type { TurnText } from '../normalisation/turn-text';
import type { CompiledRegex } from './expression-compiler';
import { LiteralAutomaton, type LiteralEntry } from './literal-automaton';

/**
 * The literal prefilters of all rule regexes, answered together: a regex may match a turn
 * only if one of its required literals occurs in the text it reads. Regexes read one of four
 * subjects (original or normalised text, as is or lower-cased); each subject is scanned once
 * per turn by one automaton holding the literals of every regex that reads it, and that scan
 * answers all of those regexes. Where a text is already lower-case (most normalised texts,
 * many originals), its two subjects are one string and one pass answers both.
 */

/**
 * Per-turn answers. `marks`: by regex id, 1 where a scan found one of the regex's literals
 * (0 = not found, or its subject not scanned yet), then one slot per subject, 1 once that
 * subject has been scanned. `found`: the regex ids marked so far. Nothing is written for the
 * regexes a scan did not find, so a turn costs the literals it holds, not the number of regexes.
 */
export type PrefilterStates = { marks: Uint8Array; found: number[] };

const FOUND = 1;
const SCANNED = 1;
/** No prefilter (or an empty required literal): the regex always runs. */
const ALWAYS = -1;
const SUBJECTS = 4;

/** Subject index: bit 0 = original text (`raw`), bit 1 = lower-cased. */
const subjectOf = (raw: boolean, lowerCase: boolean): number => (raw ? 1 : 0) | (lowerCase ? 2 : 0);

export class RegexPrefilters {
  /** Subject index per regex id, or ALWAYS. */
  private readonly subjects: Int8Array;
  private readonly automata: (LiteralAutomaton | null)[] = [];
  /** By `raw` (0 or 1): the literals of both the as-is and the lower-cased subject. */
  private readonly bothCases: (LiteralAutomaton | null)[] = [];

  /** `regexes[i].id` must be `i` (as the rule-set loader numbers them). */
  constructor(regexes: readonly CompiledRegex[]) {
    this.subjects = new Int8Array(regexes.length).fill(ALWAYS);
    const entries: LiteralEntry[][] = [[], [], [], []];
    regexes.forEach((regex, position) => {
      if (regex.id !== position) throw new Error(`regex ids must be positions (${regex.id})`);
    });
    for (const regex of regexes) {
      const { prefilter } = regex;
      if (prefilter === null || prefilter.literals.some((literal) => literal === '')) continue;
      const subject = subjectOf(regex.raw, prefilter.lowerCase);
      this.subjects[regex.id] = subject;
      for (const literal of prefilter.literals) entries[subject].push({ literal, group: regex.id });
    }
    for (const list of entries)
      this.automata.push(list.length > 0 ? new LiteralAutomaton(list) : null);
    for (const raw of [0, 1]) {
      const [asIs, lower] = [entries[raw], entries[raw | 2]];
      this.bothCases.push(
        asIs.length > 0 && lower.length > 0 ? new LiteralAutomaton([...asIs, ...lower]) : null,
      );
    }
  }

  /** Fresh per-turn states for `mayMatch`. */
  states(): PrefilterStates {
    return { marks: new Uint8Array(this.subjects.length + SUBJECTS), found: [] };
  }

  /** Whether regex `regexId` has no prefilter (it may match every turn). */
  unfiltered(regexId: number): boolean {
    return this.subjects[regexId] === ALWAYS;
  }

  /** Whether regex `regexId` may match the turn (always true for regexes without a prefilter). */
  mayMatch(regexId: number, text: TurnText, states: PrefilterStates): boolean {
    const { marks } = states;
    if (marks[regexId] === FOUND) return true;
    const subject = this.subjects[regexId];
    if (subject === ALWAYS) return true;
    if (marks[this.subjects.length + subject] === SCANNED) return false;
    this.scan(subject, text, states);
    return marks[regexId] === FOUND;
  }

  /**
   * The ids of the prefiltered regexes that may match the turn (every subject scanned): the
   * rule set reads these instead of asking about each of its regexes.
   */
  foundIds(text: TurnText, states: PrefilterStates): readonly number[] {
    for (let subject = 0; subject < SUBJECTS; subject++) {
      if (this.automata[subject] !== null && states.marks[this.subjects.length + subject] === 0) {
        this.scan(subject, text, states);
      }
    }
    return states.found;
  }

  /** Answers every regex reading `subject` with one pass over it. */
  private scan(subject: number, text: TurnText, states: PrefilterStates): void {
    const raw = subject & 1;
    const asIs = raw === 1 ? text.original : text.normalised.text;
    const bothCases = this.bothCases[raw];
    const { marks, found } = states;
    const scanned = this.subjects.length;
    if (bothCases !== null && text.lowerCased(raw === 1) === asIs) {
      marks[scanned + raw] = SCANNED;
      marks[scanned + (raw | 2)] = SCANNED;
      bothCases.scan(asIs, marks, FOUND, found);
      return;
    }
    marks[scanned + subject] = SCANNED;
    const content = (subject & 2) !== 0 ? text.lowerCased(raw === 1) : asIs;
    this.automata[subject]?.scan(content, marks, FOUND, found);
  }
}
