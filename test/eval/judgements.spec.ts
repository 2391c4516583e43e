import { CATEGORY_IDS, type CategoryId, type Level } from '../../src/engine/taxonomy';
import { judgeItem, type ScoredTurn } from '../../src/eval/judgements';
import { toLabelledItem } from '../../src/eval/labelled-item';

function scored(results: Partial<Record<CategoryId, [number, Level]>>): ScoredTurn {
  const categories = Object.fromEntries(
    CATEGORY_IDS.map((id) => {
      const [score, level] = results[id] ?? [0, 'none'];
      return [id, { score, level }];
    }),
  ) as ScoredTurn['categories'];
  const order: Level[] = ['none', 'low', 'medium', 'high', 'critical'];
  const severity = Object.values(categories).reduce<Level>(
    (max, r) => (order.indexOf(r.level) > order.indexOf(max) ? r.level : max),
    'none',
  );
  return { severity, categories };
}

const item = (labels: Record<string, unknown>, orig: Record<string, unknown> = {}) =>
  toLabelledItem({ id: 'x:1', text: 't', lang: 'en', labels, source: 'x', orig }, 'file');

describe('the label-subset rule', () => {
  it('judges only the categories the item annotates', () => {
    const turn = scored({ harassment: [0.8, 'high'], violence: [0.5, 'medium'] });
    const { judgements } = judgeItem(item({ harassment: 1 }), turn);
    expect(judgements).toEqual([
      { target: 'harassment', positive: true, flagged: true, score: 0.8 },
    ]);
  });

  it('counts a flag in an annotated-negative category as a false positive', () => {
    const { judgements } = judgeItem(
      item({ sexual: 0, violence: 1 }),
      scored({ sexual: [0.3, 'low'] }),
    );
    expect(judgements).toEqual([
      { target: 'sexual', positive: false, flagged: true, score: 0.3 },
      { target: 'violence', positive: true, flagged: false, score: 0 },
    ]);
  });

  it('scores unsafe items without categories as "any category flagged"', () => {
    const judged = judgeItem(item({}, { label: 'unsafe' }), scored({ illegal: [0.6, 'medium'] }));
    expect(judged.judgements).toEqual([
      { target: 'any', positive: true, flagged: true, score: 0.6 },
    ]);
    expect(judged.benignProbe).toBeNull();
  });

  it('judges harmful requests without a category (AdvBench) as "any" too', () => {
    const judged = judgeItem(item({}, { harmful_request: true }), scored({}));
    expect(judged.judgements).toEqual([
      { target: 'any', positive: true, flagged: false, score: 0 },
    ]);
  });

  it('does not judge unlabelled items that are not marked unsafe', () => {
    const judged = judgeItem(
      item({}, { type: 'misinformation' }),
      scored({ illegal: [1, 'critical'] }),
    );
    expect(judged.judgements).toEqual([]);
    expect(judged.benignProbe).toBeNull();
  });

  it('makes all-negative items benign probes, where a flag in any category is an FP', () => {
    const probe = item({ jailbreak: 0 });
    expect(judgeItem(probe, scored({})).benignProbe).toEqual({ flagged: false });
    // flagged outside the annotated category still counts for the probe
    expect(judgeItem(probe, scored({ pii: [0.4, 'low'] })).benignProbe).toEqual({ flagged: true });
    expect(judgeItem(item({ jailbreak: 0, harassment: 1 }), scored({})).benignProbe).toBeNull();
  });

  it('ignores label keys outside the taxonomy and values other than 0/1', () => {
    expect(item({ toxicity: 1, sexual: 0.5, pii: 1 }).labels).toEqual({ pii: 1 });
  });
});

describe('rules behind false positives', () => {
  const withReasons = (turn: ScoredTurn, reasons: [CategoryId | null, string][]): ScoredTurn => ({
    ...turn,
    reasons: reasons.map(([category, code]) => ({ category, code })),
  });

  it('names the rules that flagged a category the item is labelled 0 for, each once', () => {
    const turn = withReasons(scored({ sexual: [0.6, 'medium'], violence: [0.5, 'medium'] }), [
      ['sexual', 'sexual.explicit.a'],
      ['sexual', 'sexual.explicit.a'],
      ['violence', 'violence.threat.b'],
    ]);
    expect(judgeItem(item({ sexual: 0, violence: 1 }), turn).falsePositiveRules).toEqual([
      'sexual.explicit.a',
    ]);
  });

  it('names every flagging rule on a benign probe, whatever its category', () => {
    const turn = withReasons(scored({ pii: [0.4, 'low'] }), [
      ['pii', 'pii.email.address'],
      [null, 'conversation.note'],
    ]);
    expect(judgeItem(item({ jailbreak: 0 }), turn).falsePositiveRules).toEqual([
      'pii.email.address',
    ]);
  });

  it('names none for true positives or inputs without reasons', () => {
    const turn = scored({ harassment: [0.8, 'high'] });
    expect(judgeItem(item({ harassment: 1 }), turn).falsePositiveRules).toEqual([]);
    expect(judgeItem(item({ harassment: 0 }), turn).falsePositiveRules).toEqual([]);
  });
});
