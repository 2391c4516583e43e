import { headlineTable } from './markdown-report';
import type { Target } from './judgements';
import type { EvalReport } from './report';

const num = (value: number | null | undefined): string =>
  value === null || value === undefined ? '  –  ' : value.toFixed(3);

/** What `eval` prints: the headline table and one line per category. */
export function consoleSummary(report: EvalReport): string {
  const lines = [
    `${report.items} items, ${report.seconds.toFixed(1)} s (${Math.round(report.itemsPerSecond)}/s), rules ${report.rulesVersion}`,
    '',
    headlineTable(report.headline),
    '',
    'category          P      R      F1     AUPRC  | recall, all positives | FP rate, all negatives',
  ];
  for (const [target, summary] of Object.entries(report.targets) as [
    Target,
    NonNullable<EvalReport['targets'][Target]>,
  ][]) {
    const two = summary.twoClass;
    lines.push(
      `${target.padEnd(16)}  ${num(two?.precision)}  ${num(two?.recall)}  ${num(two?.f1)}  ${num(two?.auprc)}  | ${num(summary.allPositives.recall)} (${summary.allPositives.detected}/${summary.allPositives.positives}) | ${num(summary.allNegatives.fpr)} (${summary.allNegatives.flagged}/${summary.allNegatives.negatives})`,
    );
  }
  return lines.join('\n');
}
