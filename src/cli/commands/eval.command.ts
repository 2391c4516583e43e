import type { Command } from 'commander';
import { loadTurnEvaluator, type EvaluatorLocation } from '../../batch/load-evaluator';
import { createProgress } from '../../batch/progress';
import { TurnAssessor } from '../../batch/turn-assessor';
import { consoleSummary } from '../../eval/console-summary';
import { ErrorLog } from '../../eval/error-log';
import { buildReport } from '../../eval/report';
import { runEvalInWorkers } from '../../eval/parallel-eval';
import { loadPredictions, runEval, type EvalRun } from '../../eval/run-eval';
import { writeReport } from '../../eval/write-report';

type EvalOptions = {
  out: string;
  predictions?: string;
  rules?: string;
  plugins?: string;
  partial?: boolean;
  write: boolean;
  check?: boolean;
  errors?: string;
  errorsPerGroup: string;
  workers: string;
};

/** `eval <path...>`: scores labelled files (or assess output) and writes the report. */
export function register(program: Command): void {
  program
    .command('eval')
    .description(
      'Score labelled .jsonl(.gz) files or directories of them (shared/bench format) with the rules stage; writes report.md, report.json and PR-curve SVGs',
    )
    .argument('<paths...>', 'files or directories of .jsonl / .jsonl.gz')
    .option('--out <dir>', 'report directory', 'docs/eval')
    .option(
      '--predictions <file>',
      'use this assess output (joined by id) instead of running rules',
    )
    .option('--rules <dir>', 'rules directory (default: ./rules)')
    .option('--plugins <dir>', 'plugins directory (default: ./plugins)')
    .option(
      '--partial',
      'authoring mode: leave out broken packs and missing plugins, with warnings',
    )
    .option('--no-write', 'print the headline only, write no files')
    .option('--check', 'exit 1 when a headline acceptance number misses its target')
    .option(
      '--errors <file>',
      'write missed positives and flagged negatives (ids, no text) as JSON lines; for tuning on shared/data only',
    )
    .option('--errors-per-group <n>', 'at most n per source, category and kind', '200')
    .option('--workers <n>', 'worker threads, files shared out between them', '1')
    .action(async (paths: string[], options: EvalOptions) => {
      const workers = Number(options.workers);
      if (!Number.isInteger(workers) || workers < 1) throw new Error('--workers must be >= 1');
      if (workers > 1 && (options.predictions || options.errors)) {
        throw new Error('--predictions and --errors run single-threaded: drop --workers');
      }
      const location = {
        rulesDir: options.rules,
        pluginsDir: options.plugins,
        partial: options.partial,
      };
      const run =
        workers > 1
          ? await runEvalInWorkers({ inputs: paths, workers, location, progress: createProgress() })
          : await runInProcess(paths, options, location);
      const report = buildReport({
        accumulator: run.accumulator,
        rulesVersion: run.rulesVersion,
        inputs: paths,
        seconds: run.seconds,
      });
      console.log(consoleSummary(report));
      if (options.write) {
        const written = await writeReport(report, options.out);
        console.error(`wrote ${written.length} files to ${options.out}`);
      }
      if (options.check && report.headline.some((row) => row.pass === false)) {
        process.exitCode = 1;
      }
    });
}

async function runInProcess(
  paths: string[],
  options: EvalOptions,
  location: EvaluatorLocation,
): Promise<EvalRun & { rulesVersion: string }> {
  const predictions = options.predictions ? await loadPredictions(options.predictions) : undefined;
  let assessor: TurnAssessor | null = null;
  let rulesVersion = 'from --predictions';
  if (!predictions) {
    const evaluator = await loadTurnEvaluator(location);
    rulesVersion = evaluator.rulesVersion;
    // Conversations are rare in eval files; a small cap keeps memory flat on any input.
    assessor = new TurnAssessor(evaluator, { maxConversations: 10_000 });
  }
  const errors = options.errors
    ? new ErrorLog(options.errors, Number(options.errorsPerGroup))
    : undefined;
  try {
    const run = await runEval({
      inputs: paths,
      assessor,
      predictions,
      errors,
      progress: createProgress(),
    });
    return { ...run, rulesVersion };
  } finally {
    await errors?.close();
  }
}
