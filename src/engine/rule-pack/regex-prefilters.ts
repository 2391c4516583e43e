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

/** Per-turn answers, by regex id: 0 = not known yet, 1 = may match, 2 = cannot match. */
export type PrefilterStates = Uint8Array;

const MAY_MATCH = 1;
const CANNOT_MATCH = 2;
/** No prefilter (or an empty required literal): the regex always runs. */
const ALWAYS = -1;

/** Subject index: bit 0 = original text (`raw`), bit 1 = lower-cased. */
const subjectOf = (raw: boolean, lowerCase: boolean): number => (raw ? 1 : 0) | (lowerCase ? 2 : 0);

export class RegexPrefilters {
  /** Subject index per regex id, or ALWAYS. */
  private readonly subjects: Int8Array;
  private readonly automata: (LiteralAutomaton | null)[] = [];
  /** By `raw` (0 or 1): the literals of both the as-is and the lower-cased subject. */
  private readonly bothCases: (LiteralAutomaton | null)[] = [];
  /** Regex ids reading each subject. */
  private readonly members: number[][] = [[], [], [], []];

  constructor(regexes: readonly CompiledRegex[]) {
    this.subjects = new Int8Array(regexes.length).fill(ALWAYS);
    const entries: LiteralEntry[][] = [[], [], [], []];
    for (const regex of regexes) {
      const { prefilter } = regex;
      if (prefilter === null || prefilter.literals.some((literal) => literal === '')) continue;
      const subject = subjectOf(regex.raw, prefilter.lowerCase);
      this.subjects[regex.id] = subject;
      this.members[subject].push(regex.id);
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
    return new Uint8Array(this.subjects.length);
  }

  /** Whether regex `regexId` may match the turn (always true for regexes without a prefilter). */
  mayMatch(regexId: number, text: TurnText, states: PrefilterStates): boolean {
    let state = states[regexId];
    if (state === 0) {
      const subject = this.subjects[regexId];
      if (subject === ALWAYS) state = MAY_MATCH;
      else {
        this.scan(subject, text, states);
        state = states[regexId];
      }
    }
    return state === MAY_MATCH;
  }

  /** Answers every regex reading `subject` with one pass over it. */
  private scan(subject: number, text: TurnText, states: PrefilterStates): void {
    const raw = subject & 1;
    const asIs = raw === 1 ? text.original : text.normalised.text;
    const bothCases = this.bothCases[raw];
    if (bothCases !== null && text.lowerCased(raw === 1) === asIs) {
      for (const id of this.members[raw]) states[id] = CANNOT_MATCH;
      for (const id of this.members[raw | 2]) states[id] = CANNOT_MATCH;
      bothCases.scan(asIs, states, MAY_MATCH);
      return;
    }
    for (const id of this.members[subject]) states[id] = CANNOT_MATCH;
    const content = (subject & 2) !== 0 ? text.lowerCased(raw === 1) : asIs;
    this.automata[subject]?.scan(content, states, MAY_MATCH);
  }
}
