import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Target } from './judgements';
import { renderMarkdownReport } from './markdown-report';
import { renderPrCurveSvg } from './pr-curve-svg';
import type { EvalReport } from './report';

/** Writes `report.md`, `report.json` and one `pr-<target>.svg` per judged target. */
export async function writeReport(report: EvalReport, outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  const svgFiles: Partial<Record<Target, string>> = {};
  for (const [target, summary] of Object.entries(report.targets) as [
    Target,
    NonNullable<EvalReport['targets'][Target]>,
  ][]) {
    if (!summary.twoClass) continue;
    const name = `pr-${target}.svg`;
    const metrics = summary.twoClass;
    const svg = renderPrCurveSvg({
      title: `${target}: precision-recall (rules stage)`,
      points: summary.curve,
      baseRate: metrics.positives / (metrics.positives + metrics.negatives),
      auprc: metrics.auprc,
      operatingPoint: { precision: metrics.precision, recall: metrics.recall },
    });
    await writeFile(join(outDir, name), svg);
    svgFiles[target] = name;
    written.push(join(outDir, name));
  }
  // The curve points (up to 1001 per target) are in the SVGs; the JSON stays readable.
  const json = {
    ...report,
    targets: Object.fromEntries(
      Object.entries(report.targets).map(([target, summary]) => [
        target,
        { ...summary, curve: undefined },
      ]),
    ),
  };
  await writeFile(join(outDir, 'report.json'), `${JSON.stringify(json, null, 2)}\n`);
  await writeFile(join(outDir, 'report.md'), renderMarkdownReport(report, svgFiles));
  written.push(join(outDir, 'report.json'), join(outDir, 'report.md'));
  return written;
}
