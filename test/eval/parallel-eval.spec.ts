import { CATEGORY_IDS, type Level } from '../../src/engine/taxonomy';
import { EvalAccumulator, mergeSnapshot, snapshotAccumulator } from '../../src/eval/accumulator';
import { judgeItem, type ScoredTurn } from '../../src/eval/judgements';
import { toLabelledItem } from '../../src/eval/labelled-item';
import { partitionBySize } from '../../src/eval/parallel-eval';
import { buildReport } from '../../src/eval/report';

function scored(score: number): ScoredTurn {
  const level: Level = score >= 0.3 ? 'low' : 'none';
  const categories = Object.fromEntries(
    CATEGORY_IDS.map((id) => [
      id,
      { score: id === 'harassment' ? score : 0, level: id === 'harassment' ? level : 'none' },
    ]),
  ) as ScoredTurn['categories'];
  // A named rule behind each flag, so the rule counts cross the worker boundary too.
  const reasons = level === 'none' ? [] : [{ category: 'harassment' as const, code: 'h.insult' }];
  return { severity: level, categories, reasons };
}

function fill(accumulator: EvalAccumulator, source: string, rows: [number, number][]): void {
  for (const [label, score] of rows) {
    const item = toLabelledItem(
      { id: '1', text: '', lang: 'ko', labels: { harassment: label }, source },
      source,
    );
    const turn = scored(score);
    accumulator.add(source, item.lang, turn.severity, judgeItem(item, turn), {
      kind: label === 1 ? 'attack' : 'goal',
      jailbreakFlagged: false,
    });
  }
}

describe('parallel eval plumbing', () => {
  it('shares files out by size, largest first onto the lightest worker', () => {
    const groups = partitionBySize(
      [
        { name: 'a', size: 10 },
        { name: 'b', size: 7 },
        { name: 'c', size: 5 },
        { name: 'd', size: 4 },
      ],
      2,
    );
    expect(groups.map((g) => g.map((f) => f.name))).toEqual([
      ['a', 'd'],
      ['b', 'c'],
    ]);
    expect(partitionBySize([{ size: 1 }], 4)).toHaveLength(1);
  });

  it('merges worker snapshots into exactly the single-threaded counts', () => {
    const rowsA: [number, number][] = [
      [1, 0.8],
      [0, 0.4],
      [1, 0],
    ];
    const rowsB: [number, number][] = [
      [1, 0.6],
      [0, 0],
    ];
    const single = new EvalAccumulator();
    fill(single, 'apeach', rowsA);
    fill(single, 'apeach', rowsB);
    fill(single, 'beep_dev', rowsB);

    const workerOne = new EvalAccumulator();
    fill(workerOne, 'apeach', rowsA);
    const workerTwo = new EvalAccumulator();
    fill(workerTwo, 'apeach', rowsB);
    fill(workerTwo, 'beep_dev', rowsB);
    const merged = new EvalAccumulator();
    // structuredClone = what crossing a worker boundary does to the snapshot
    mergeSnapshot(merged, structuredClone(snapshotAccumulator(workerOne)));
    mergeSnapshot(merged, structuredClone(snapshotAccumulator(workerTwo)));

    const report = (accumulator: EvalAccumulator) => {
      const { generatedAt: _ignored, ...rest } = buildReport({
        accumulator,
        rulesVersion: 'v',
        inputs: [],
        seconds: 1,
        generatedAt: new Date(0),
      });
      return rest;
    };
    expect(report(merged)).toEqual(report(single));
    expect(report(merged).targets.harassment!.twoClass!.tp).toBe(3);
  });
});
