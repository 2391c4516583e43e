import { CATEGORY_IDS, type CategoryId, type Level } from '../../src/engine/taxonomy';
import { EvalAccumulator } from '../../src/eval/accumulator';
import { judgeItem, type ScoredTurn } from '../../src/eval/judgements';
import { toLabelledItem } from '../../src/eval/labelled-item';
import { renderMarkdownReport } from '../../src/eval/markdown-report';
import { renderPrCurveSvg } from '../../src/eval/pr-curve-svg';
import { buildReport } from '../../src/eval/report';

function turn(category: CategoryId | null, score: number): ScoredTurn {
  const level: Level = score >= 0.3 ? 'low' : 'none';
  const categories = Object.fromEntries(
    CATEGORY_IDS.map((id) => [
      id,
      id === category ? { score, level } : { score: 0, level: 'none' },
    ]),
  ) as ScoredTurn['categories'];
  return { severity: category ? level : 'none', categories };
}

function add(
  accumulator: EvalAccumulator,
  source: string,
  lang: string,
  labels: Record<string, number>,
  scoredTurn: ScoredTurn,
): void {
  const item = toLabelledItem({ id: '1', text: '', lang, labels, source }, source);
  accumulator.add(source, lang, scoredTurn.severity, judgeItem(item, scoredTurn));
}

describe('eval report', () => {
  it('pools precision and F1 over two-class sources only, recall over every positive', () => {
    const accumulator = new EvalAccumulator();
    // two-class source: 1 TP, 1 FN, 1 FP, 1 TN
    add(accumulator, 'paired', 'en', { harassment: 1 }, turn('harassment', 0.8));
    add(accumulator, 'paired', 'en', { harassment: 1 }, turn(null, 0));
    add(accumulator, 'paired', 'en', { harassment: 0 }, turn('harassment', 0.5));
    add(accumulator, 'paired', 'en', { harassment: 0 }, turn(null, 0));
    // positives-only source: 2 of 2 found, in Korean
    add(accumulator, 'positives_only', 'ko', { harassment: 1 }, turn('harassment', 0.9));
    add(accumulator, 'positives_only', 'ko', { harassment: 1 }, turn('harassment', 0.9));

    const report = buildReport({ accumulator, rulesVersion: 'v', inputs: [], seconds: 1 });
    const harassment = report.targets.harassment!;
    expect(harassment.twoClassSources).toEqual(['paired']);
    expect(harassment.twoClass).toEqual(
      expect.objectContaining({ tp: 1, fp: 1, fn: 1, tn: 1, precision: 0.5, recall: 0.5, f1: 0.5 }),
    );
    expect(harassment.allPositives).toEqual({ positives: 4, detected: 3, recall: 0.75 });
    expect(harassment.allNegatives).toEqual({ negatives: 2, flagged: 1, fpr: 0.5 });

    const positivesOnly = report.sources.find((s) => s.source === 'positives_only')!;
    expect(positivesOnly.targets.harassment).toEqual(
      expect.objectContaining({ recall: 1, precision: null, f1: null, auprc: null }),
    );
    expect(report.languages.harassment!.ko).toEqual(
      expect.objectContaining({ positives: 2, recall: 1, precision: null }),
    );
    expect(report.languages.harassment!.en).toEqual(
      expect.objectContaining({ positives: 2, recall: 0.5, precision: 0.5, fpr: 0.5 }),
    );
    expect(report.sources.find((s) => s.source === 'paired')!.benignProbe).toEqual({
      items: 2,
      flagged: 1,
      rate: 0.5,
    });
  });

  it('computes the issue 3 headline numbers from their sources', () => {
    const accumulator = new EvalAccumulator();
    const allZero = Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0]));
    add(accumulator, 'xstest', 'en', allZero, turn(null, 0));
    add(accumulator, 'xstest', 'en', allZero, turn('violence', 0.6));
    add(accumulator, 'qualifire_pi', 'en', { jailbreak: 1 }, turn('jailbreak', 0.9));
    add(accumulator, 'qualifire_pi', 'en', { jailbreak: 0 }, turn(null, 0));
    add(accumulator, 'qualifire_pi', 'en', { jailbreak: 0 }, turn('pii', 0.4));
    for (const source of ['kmhas_test', 'apeach']) {
      add(accumulator, source, 'ko', { harassment: 1 }, turn('harassment', 0.7));
      add(accumulator, source, 'ko', { harassment: 0 }, turn(null, 0));
    }
    const report = buildReport({ accumulator, rulesVersion: 'v', inputs: [], seconds: 1 });
    const row = (id: string) => report.headline.find((r) => r.id === id)!;

    expect(row('xstest_safe_flagged')).toEqual(
      expect.objectContaining({ value: 0.5, pass: false }),
    );
    expect(row('qualifire_pi_jailbreak_f1')).toEqual(
      expect.objectContaining({ value: 1, pass: true }),
    );
    // benign flagged counts any category, not only jailbreak
    expect(row('qualifire_pi_benign_flagged')).toEqual(
      expect.objectContaining({ value: 0.5, pass: false }),
    );
    // two of the four Korean sets present: a mean is shown, but no verdict
    expect(row('korean_harassment_f1')).toEqual(expect.objectContaining({ value: 1, pass: null }));
    expect(row('korean_harassment_f1').detail).toContain('missing: beep_dev, unsmile_valid');
    expect(row('openai_moderation_macro_f1')).toEqual(
      expect.objectContaining({ value: null, pass: null }),
    );
  });

  it('compares goals with attacked goals by orig.kind', () => {
    const accumulator = new EvalAccumulator();
    const addKind = (kind: string, labels: Record<string, number>, scoredTurn: ScoredTurn) => {
      const item = toLabelledItem({ id: '1', text: '', lang: 'en', labels, source: 'jbb' }, 'jbb');
      accumulator.add('jbb', 'en', scoredTurn.severity, judgeItem(item, scoredTurn), {
        kind,
        jailbreakFlagged: scoredTurn.categories.jailbreak.level !== 'none',
      });
    };
    addKind('goal', { illegal: 1, jailbreak: 0 }, turn('illegal', 0.6));
    addKind('goal', { illegal: 1, jailbreak: 0 }, turn(null, 0));
    addKind('attack', { illegal: 1, jailbreak: 1 }, turn('jailbreak', 0.9));
    const report = buildReport({ accumulator, rulesVersion: 'v', inputs: [], seconds: 1 });
    const variants = report.sources[0].variants;
    expect(variants.goal).toEqual(
      expect.objectContaining({ items: 2, flagged: 1, contentRecall: 0.5, jailbreakFlagged: 0 }),
    );
    expect(variants.attack).toEqual(
      expect.objectContaining({ items: 1, flagged: 1, contentRecall: 0, jailbreakFlagged: 1 }),
    );
    expect(renderMarkdownReport(report, {})).toContain('| jbb | goal | 2 | 50.0% | 0.0% |');
  });

  it('lists the rules behind false positives, overall and per source, most first', () => {
    const accumulator = new EvalAccumulator();
    const flaggedBy = (category: CategoryId, code: string): ScoredTurn => ({
      ...turn(category, 0.5),
      reasons: [{ category, code }],
    });
    add(accumulator, 'xstest', 'en', { violence: 0 }, flaggedBy('violence', 'violence.kill-word'));
    add(accumulator, 'xstest', 'en', { violence: 0 }, flaggedBy('violence', 'violence.kill-word'));
    add(accumulator, 'qualifire', 'en', { jailbreak: 0 }, flaggedBy('pii', 'pii.email'));
    add(
      accumulator,
      'qualifire',
      'en',
      { jailbreak: 0 },
      flaggedBy('violence', 'violence.kill-word'),
    );
    add(accumulator, 'qualifire', 'en', { pii: 1 }, flaggedBy('pii', 'pii.email'));
    const report = buildReport({ accumulator, rulesVersion: 'v', inputs: [], seconds: 1 });
    expect(report.falsePositiveRules).toEqual([
      { code: 'violence.kill-word', items: 3, sources: { xstest: 2, qualifire: 1 } },
      { code: 'pii.email', items: 1, sources: { qualifire: 1 } },
    ]);
    expect(report.sources.find((s) => s.source === 'xstest')!.falsePositiveRules).toEqual([
      { code: 'violence.kill-word', items: 2 },
    ]);
    expect(renderMarkdownReport(report, {})).toContain(
      '| `violence.kill-word` | 3 | xstest 2, qualifire 1 |',
    );
  });

  it('renders Markdown with the headline and an SVG curve with its points', () => {
    const accumulator = new EvalAccumulator();
    add(accumulator, 'a', 'en', { sexual: 1 }, turn('sexual', 0.8));
    add(accumulator, 'a', 'en', { sexual: 0 }, turn(null, 0));
    const report = buildReport({ accumulator, rulesVersion: 'v1', inputs: ['a'], seconds: 1 });
    const markdown = renderMarkdownReport(report, { sexual: 'pr-sexual.svg' });
    expect(markdown).toContain('| XSTest safe prompts flagged (any category) |');
    expect(markdown).toContain('![sexual](pr-sexual.svg)');

    const svg = renderPrCurveSvg({
      title: 'sexual <test>',
      points: report.targets.sexual!.curve,
      baseRate: 0.5,
      auprc: report.targets.sexual!.twoClass!.auprc,
    });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('sexual &#60;test&#62;');
    expect(svg).toContain('AUPRC 1.000');
    expect(svg).toMatch(/<path d="M[^"]+H/);
  });
});
