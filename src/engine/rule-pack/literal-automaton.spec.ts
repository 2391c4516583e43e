import { LiteralAutomaton, type LiteralEntry } from './literal-automaton';

/**
 * The automaton stands in for a substring search of every literal (it decides which rule
 * regexes run at all), so it must mark exactly the groups with a literal in the subject.
 */

function found(entries: LiteralEntry[], subject: string, groups: number): number[] {
  const marks = new Uint8Array(groups);
  new LiteralAutomaton(entries).scan(subject, marks, 1);
  return [...marks.keys()].filter((group) => marks[group] === 1);
}

/** The answer of a plain substring search, for comparison. */
function expected(entries: LiteralEntry[], subject: string): number[] {
  const groups = entries.filter((e) => subject.includes(e.literal)).map((e) => e.group);
  return [...new Set(groups)].sort((a, b) => a - b);
}

describe('LiteralAutomaton', () => {
  it('finds literals inside others and literals reached only through a suffix', () => {
    const entries = [
      { literal: 'she', group: 0 },
      { literal: 'he', group: 1 },
      { literal: 'hers', group: 2 },
      { literal: 'his', group: 3 },
    ];
    expect(found(entries, 'ushers', 4)).toEqual([0, 1, 2]);
    expect(found(entries, 'this', 4)).toEqual([3]);
    expect(found(entries, 'shs hi s', 4)).toEqual([]);
  });

  it('marks a group when any one of its literals occurs', () => {
    const entries = [
      { literal: '팔아', group: 0 },
      { literal: '넘기', group: 0 },
      { literal: 'kill', group: 1 },
    ];
    expect(found(entries, '여자 넘기는', 2)).toEqual([0]);
    expect(found(entries, 'skills', 2)).toEqual([1]);
  });

  it('matches code units exactly (case, astral characters, punctuation)', () => {
    const entries = [
      { literal: 'Kill', group: 0 },
      { literal: '😈:', group: 1 },
      { literal: '\n[dan]', group: 2 },
    ];
    expect(found(entries, 'kill', 3)).toEqual([]);
    expect(found(entries, 'Killer 😈: x\n[dan]', 3)).toEqual([0, 1, 2]);
  });

  it('agrees with a substring search on states with many transitions', () => {
    // Every two-letter literal over a-p: states with 16 edges take the binary-search path.
    const letters = 'abcdefghijklmnop';
    const entries: LiteralEntry[] = [];
    for (const a of letters) {
      for (const b of letters) {
        if ((a.charCodeAt(0) + b.charCodeAt(0)) % 3 === 0) {
          entries.push({ literal: `x${a}${b}`, group: entries.length % 40 });
        }
      }
    }
    const subjects = [
      'xaxbxcx',
      'xabxpoxmn',
      'no match here',
      `x${letters}x${[...letters].reverse().join('x')}`,
    ];
    for (const subject of subjects) {
      expect(found(entries, subject, 40)).toEqual(expected(entries, subject));
    }
  });

  it('lists each group it newly marks once, in the order found, and none marked before', () => {
    const automaton = new LiteralAutomaton([
      { literal: 'kill', group: 0 },
      { literal: 'ill', group: 1 },
      { literal: 'die', group: 2 },
      { literal: 'dead', group: 2 },
    ]);
    const marks = new Uint8Array(3);
    const listed: number[] = [];
    automaton.scan('dead or ill, kill or die', marks, 1, listed);
    expect(listed).toEqual([2, 1, 0]);
    // A second subject in the same turn lists only what the first did not find.
    const again: number[] = [];
    automaton.scan('kill', marks, 1, again);
    expect(again).toEqual([]);
  });

  it('refuses the empty literal (it would match every subject)', () => {
    expect(() => new LiteralAutomaton([{ literal: '', group: 0 }])).toThrow('empty literal');
  });
});
