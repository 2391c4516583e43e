import { formatHeadlineValue, type HeadlineRow } from './headline';
import type { Target } from './judgements';
import type { EvalReport, MetricSet } from './report';

const num = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : value.toFixed(3);
const pct = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)}%`;
const verdict = (pass: boolean | null): string =>
  pass === null ? 'n/a' : pass ? 'pass' : '**FAIL**';

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export function headlineTable(rows: HeadlineRow[]): string {
  return table(
    ['acceptance number', 'value', 'target', 'result', 'detail'],
    rows.map((row) => [
      row.label,
      formatHeadlineValue(row),
      row.target,
      verdict(row.pass),
      row.detail,
    ]),
  );
}

const targetName = (target: Target): string =>
  target === 'any' ? 'any (unsafe, no category)' : target;

function metricCells(metrics: MetricSet | undefined): string[] {
  if (!metrics) return ['–', '–', '–', '–', '–', '–', '–'];
  return [
    String(metrics.positives),
    String(metrics.negatives),
    num(metrics.precision),
    num(metrics.recall),
    num(metrics.f1),
    num(metrics.auprc),
    pct(metrics.fpr),
  ];
}

/** Sources whose items carry `orig.kind`: JailbreakBench goal vs the same goals attacked. */
function variantSection(report: EvalReport): string[] {
  const rows = report.sources.flatMap((source) =>
    Object.entries(source.variants).map(([kind, v]) => [
      source.source,
      kind,
      String(v.items),
      pct(v.flaggedRate),
      pct(v.items === 0 ? null : v.jailbreakFlagged / v.items),
      `${num(v.contentRecall)} (${v.contentDetected}/${v.contentPositives})`,
    ]),
  );
  if (rows.length === 0) return [];
  return [
    '## By item kind (goal vs attack)',
    '',
    'The same harmful goals, plain and wrapped in jailbreak attacks: how often anything is',
    'flagged, how often the jailbreak category fires, and recall of the content categories.',
    '',
    table(
      ['source', 'kind', 'items', 'flagged (any)', 'jailbreak flagged', 'content recall'],
      rows,
    ),
    '',
  ];
}

/** Where most of the false positives come from, rule by rule, for the pack owners. */
function falsePositiveRulesSection(report: EvalReport): string[] {
  if (report.falsePositiveRules.length === 0) return [];
  return [
    '## Rules behind false positives',
    '',
    'Items each rule flagged in a category they are not in (labelled 0, or any category of a',
    'benign probe), most first; an item flagged by two rules counts for both.',
    '',
    table(
      ['rule', 'items', 'sources'],
      report.falsePositiveRules.map((rule) => [
        `\`${rule.code}\``,
        String(rule.items),
        Object.entries(rule.sources)
          .map(([source, n]) => `${source} ${n}`)
          .join(', '),
      ]),
    ),
    '',
  ];
}

/** The full report as Markdown; `svgFiles` maps a target to its PR-curve file name. */
export function renderMarkdownReport(
  report: EvalReport,
  svgFiles: Partial<Record<Target, string>>,
): string {
  const out: string[] = [];
  out.push(
    '# Rules-stage evaluation report',
    '',
    `Generated ${report.generatedAt} by \`npm run eval\` with the rules stage alone (LLM off), ` +
      `rule set \`${report.rulesVersion}\`. ${report.items} items in ${report.seconds.toFixed(1)} s ` +
      `(${Math.round(report.itemsPerSecond)} items/s, including reading and decompression).`,
    '',
    `Inputs: ${report.inputs.map((input) => `\`${input}\``).join(', ')}`,
    '',
    '## Headline (issue 3 acceptance, public benchmarks)',
    '',
    headlineTable(report.headline),
    '',
    '## How this is scored',
    '',
    '- A category is judged only on items whose source annotates it (`labels` has the key); an absent',
    '  category is unknown, never a negative. Items with `labels: {}` and `orig.label = "unsafe"` (XSTest',
    '  unsafe prompts) and AdvBench-style `orig.harmful_request` items are judged as "any category',
    '  flagged" (target `any`).',
    '- Flagged = the category reached level low or above under the loaded policy thresholds.',
    '  AUPRC is average precision over the category score (step-wise, ties grouped).',
    '- Precision, F1 and AUPRC come only from sources that annotate both positives and negatives for',
    '  that category; positives-only sources (e.g. MultiJail, HarmBench) count towards recall only.',
    '- Benign probes: items whose source annotates categories and marks all of them 0 (XSTest safe,',
    '  qualifire benign, HateCheck non-hateful, ...). Any flag in any category is a false positive.',
    '',
    '## Per category',
    '',
    table(
      [
        'category',
        'positives',
        'negatives',
        'precision',
        'recall',
        'F1',
        'AUPRC',
        'FP rate',
        'recall, all positives',
        'FP rate, all negatives',
        'two-class sources',
        'PR curve',
      ],
      (
        Object.entries(report.targets) as [Target, NonNullable<EvalReport['targets'][Target]>][]
      ).map(([target, summary]) => [
        targetName(target),
        ...metricCells(summary.twoClass ?? undefined),
        `${num(summary.allPositives.recall)} (${summary.allPositives.detected}/${summary.allPositives.positives})`,
        `${pct(summary.allNegatives.fpr)} (${summary.allNegatives.flagged}/${summary.allNegatives.negatives})`,
        summary.twoClassSources.join(', ') || '–',
        svgFiles[target] ? `![${target}](${svgFiles[target]})` : '–',
      ]),
    ),
    '',
    '## Benign probes (false-positive rate, any category)',
    '',
    table(
      ['source', 'benign items', 'flagged', 'rate'],
      report.sources
        .filter((source) => source.benignProbe.items > 0)
        .map((source) => [
          source.source,
          String(source.benignProbe.items),
          String(source.benignProbe.flagged),
          pct(source.benignProbe.rate),
        ]),
    ),
    '',
    ...falsePositiveRulesSection(report),
    ...variantSection(report),
    '## Per source',
    '',
    table(
      [
        'source',
        'items',
        'target',
        'positives',
        'negatives',
        'precision',
        'recall',
        'F1',
        'AUPRC',
        'FP rate',
      ],
      report.sources.flatMap((source) => {
        const targets = Object.entries(source.targets) as [Target, MetricSet][];
        if (targets.length === 0) return [[source.source, String(source.items), '(none judged)']];
        return targets.map(([target, metrics], index) => [
          index === 0 ? source.source : '',
          index === 0 ? String(source.items) : '',
          targetName(target),
          ...metricCells(metrics),
        ]);
      }),
    ),
    '',
    '## Per language',
    '',
    'Recall over every positive and FP rate over every negative of that language; precision and',
    'F1 only from two-class sources.',
    '',
  );
  for (const [target, byLanguage] of Object.entries(report.languages)) {
    out.push(
      `### ${targetName(target as Target)}`,
      '',
      table(
        ['language', 'positives', 'recall', 'negatives', 'FP rate', 'precision', 'F1'],
        Object.entries(byLanguage).map(([lang, summary]) => [
          lang,
          String(summary.positives),
          num(summary.recall),
          String(summary.negatives),
          pct(summary.fpr),
          num(summary.precision),
          num(summary.f1),
        ]),
      ),
      '',
    );
  }
  return out.join('\n');
}
