/**
 * An Aho-Corasick automaton over UTF-16 code units: one left-to-right pass over a subject
 * finds every registered literal that occurs in it, however many literals there are. The
 * rule set uses it to test the required literals of all its regexes at once (one pass per
 * subject instead of one regex test per rule regex).
 *
 * Literals belong to groups (a group is one regex's literal set); a scan marks each group
 * at least one of whose literals occurs. Matching is exact, code unit by code unit, like
 * a substring search: callers fold case beforehand where a group needs it.
 */

import { codeUnits } from '../normalisation/code-units';

/** Above this many edges a state's transition is found by binary search instead of a scan. */
const LINEAR_EDGES = 8;

export type LiteralEntry = { literal: string; group: number };

/** Told of each place a group's literal ends in the subject (see `LiteralAutomaton.scan`). */
export interface OccurrenceSink {
  /**
   * A literal of `group` ends before unit `end`: the shortest such literal, `length` units
   * long (the longer ones ending there lie around it).
   */
  occurs(group: number, end: number, length: number): void;
}

export class LiteralAutomaton {
  /** The root's transitions by code unit (0: stay at the root), the hottest lookup. */
  private readonly rootNext = new Int32Array(0x10000);
  /**
   * 1 for code units some literal holds. Any other unit sends every state back to the root
   * (no state has an edge on it, nor has the root), where nothing is matched: no lookups needed.
   */
  private readonly inAlphabet = new Uint8Array(0x10000);
  /** Edges of state s are edgeCodes/edgeTargets[edgeStart[s] .. edgeStart[s + 1]), by code. */
  private readonly edgeStart: Int32Array;
  private readonly edgeCodes: Uint16Array;
  private readonly edgeTargets: Int32Array;
  /** Longest proper suffix of a state's string that is also a state (0: the root). */
  private readonly fail: Int32Array;
  /**
   * Groups of every literal ending at state s (its own and its suffixes'), flattened, with
   * the length of the group's shortest literal ending there.
   */
  private readonly outStart: Int32Array;
  private readonly outGroups: Int32Array;
  private readonly outLengths: Int32Array;

  /** Every literal must be non-empty (the empty string occurs everywhere: no prefilter). */
  constructor(entries: readonly LiteralEntry[]) {
    const children: Map<number, number>[] = [new Map()];
    const depth: number[] = [0];
    const own: number[][] = [[]];
    for (const { literal, group } of entries) {
      if (literal.length === 0) throw new Error('empty literal');
      let state = 0;
      for (let i = 0; i < literal.length; i++) {
        const code = literal.charCodeAt(i);
        this.inAlphabet[code] = 1;
        let next = children[state].get(code);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          depth.push(i + 1);
          own.push([]);
          children[state].set(code, next);
        }
        state = next;
      }
      if (!own[state].includes(group)) own[state].push(group);
    }

    const count = children.length;
    this.fail = new Int32Array(count);
    /** Shortest literal length by group, of the literals ending at each state. */
    const outputs: Map<number, number>[] = new Array<Map<number, number>>(count);
    const withInherited = (state: number, inherited: Map<number, number>) => {
      // Inherited literals are suffixes of the state's own, so shorter.
      const out = new Map(inherited);
      for (const group of own[state]) if (!out.has(group)) out.set(group, depth[state]);
      return out;
    };
    outputs[0] = new Map();
    // Breadth first: a state's fail target is shallower, so its outputs are complete already.
    const queue: number[] = [];
    for (const [code, next] of children[0]) {
      this.rootNext[code] = next;
      queue.push(next);
      outputs[next] = withInherited(next, outputs[0]);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      for (const [code, next] of children[state]) {
        let fallback = this.fail[state];
        let target: number | undefined;
        for (;;) {
          target = children[fallback].get(code);
          if (target !== undefined || fallback === 0) break;
          fallback = this.fail[fallback];
        }
        this.fail[next] = target ?? 0;
        outputs[next] = withInherited(next, outputs[this.fail[next]]);
        queue.push(next);
      }
    }

    this.edgeStart = new Int32Array(count + 1);
    let edges = 0;
    for (let state = 0; state < count; state++) {
      this.edgeStart[state] = edges;
      edges += state === 0 ? 0 : children[state].size;
    }
    this.edgeStart[count] = edges;
    this.edgeCodes = new Uint16Array(edges);
    this.edgeTargets = new Int32Array(edges);
    for (let state = 1; state < count; state++) {
      const sorted = [...children[state]].sort((a, b) => a[0] - b[0]);
      sorted.forEach(([code, next], k) => {
        this.edgeCodes[this.edgeStart[state] + k] = code;
        this.edgeTargets[this.edgeStart[state] + k] = next;
      });
    }

    this.outStart = new Int32Array(count + 1);
    let total = 0;
    for (let state = 0; state < count; state++) {
      this.outStart[state] = total;
      total += outputs[state].size;
    }
    this.outStart[count] = total;
    this.outGroups = new Int32Array(total);
    this.outLengths = new Int32Array(total);
    for (let state = 0; state < count; state++) {
      let k = this.outStart[state];
      for (const [group, length] of outputs[state]) {
        this.outGroups[k] = group;
        this.outLengths[k++] = length;
      }
    }
  }

  /**
   * Sets `marks[group] = mark` for every group with a literal occurring in `subject`, and
   * appends to `found` (when given) each group it marks that was not marked so already. A
   * `sink` is told of every occurrence, not only the first of each group.
   */
  scan(
    subject: string,
    marks: Uint8Array,
    mark: number,
    found?: number[],
    sink?: OccurrenceSink,
  ): void {
    const { rootNext, inAlphabet, fail, outStart, outGroups, outLengths } = this;
    const units = codeUnits(subject);
    let state = 0;
    for (let i = 0; i < units.length; i++) {
      const code = units[i];
      if (inAlphabet[code] === 0) {
        state = 0;
        continue;
      }
      for (;;) {
        if (state === 0) {
          state = rootNext[code];
          break;
        }
        const next = this.child(state, code);
        if (next !== 0) {
          state = next;
          break;
        }
        state = fail[state];
      }
      const end = outStart[state + 1];
      for (let k = outStart[state]; k < end; k++) {
        const group = outGroups[k];
        if (sink !== undefined) sink.occurs(group, i + 1, outLengths[k]);
        if (marks[group] === mark) continue;
        marks[group] = mark;
        found?.push(group);
      }
    }
  }

  /** The transition of a non-root state on `code`, or 0 when there is none. */
  private child(state: number, code: number): number {
    const codes = this.edgeCodes;
    let low = this.edgeStart[state];
    let high = this.edgeStart[state + 1] - 1;
    while (high - low >= LINEAR_EDGES) {
      const mid = (low + high) >> 1;
      if (codes[mid] < code) low = mid + 1;
      else high = mid;
    }
    for (let k = low; k <= high; k++) if (codes[k] === code) return this.edgeTargets[k];
    return 0;
  }
}
