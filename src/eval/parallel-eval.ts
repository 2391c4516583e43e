import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { uncompressedSize } from '../batch/jsonl-reader';
import type { EvaluatorLocation } from '../batch/load-evaluator';
import type { ProgressReporter } from '../batch/progress';
import { EvalAccumulator, mergeSnapshot, type AccumulatorSnapshot } from './accumulator';
import type { WorkerInput } from './eval-worker';
import { expandInputs, type EvalRun } from './run-eval';

export type WorkerMessage =
  | { type: 'progress'; bytes: number; items: number }
  | { type: 'done'; rulesVersion: string; snapshot: AccumulatorSnapshot }
  | { type: 'error'; message: string };

/** Splits files into `n` groups of similar total size (largest first onto the lightest). */
export function partitionBySize<T extends { size: number }>(items: T[], n: number): T[][] {
  const groups = Array.from({ length: n }, () => ({ size: 0, items: [] as T[] }));
  for (const item of [...items].sort((a, b) => b.size - a.size)) {
    const lightest = groups.reduce((min, group) => (group.size < min.size ? group : min));
    lightest.items.push(item);
    lightest.size += item.size;
  }
  return groups.map((group) => group.items).filter((group) => group.length > 0);
}

/**
 * `eval --workers n`: the files are shared out over n worker threads, each with its own
 * copy of the rule set, and their counts are merged. Files are the unit of work, so one
 * very large file bounds the speed-up. Results equal a single-threaded run.
 */
export async function runEvalInWorkers(options: {
  inputs: string[];
  workers: number;
  location: EvaluatorLocation;
  progress?: ProgressReporter;
}): Promise<EvalRun & { rulesVersion: string }> {
  const started = performance.now();
  const files = await expandInputs(options.inputs);
  const sized = await Promise.all(
    files.map(async (file) => ({ file, size: await uncompressedSize(file) })),
  );
  const groups = partitionBySize(sized, options.workers);
  const totalBytes = sized.reduce((sum, f) => sum + f.size, 0);
  const progressByWorker = groups.map(() => ({ bytes: 0, items: 0 }));
  options.progress?.start(totalBytes, `eval x${groups.length}`);

  // Run under the same loader as this file (.ts through swc-node, .js when compiled).
  const workerFile = join(__dirname, `eval-worker${extname(__filename)}`);
  const accumulator = new EvalAccumulator();
  const running: Worker[] = [];
  let rulesVersion = '';
  try {
    await Promise.all(
      groups.map(
        (group, index) =>
          new Promise<void>((resolve, reject) => {
            const input: WorkerInput = {
              files: group.map((f) => f.file),
              location: options.location,
            };
            const worker = new Worker(workerFile, { workerData: input });
            running.push(worker);
            worker.on('message', (message: WorkerMessage) => {
              if (message.type === 'progress') {
                progressByWorker[index] = { bytes: message.bytes, items: message.items };
                options.progress?.update(
                  progressByWorker.reduce((sum, p) => sum + p.bytes, 0),
                  progressByWorker.reduce((sum, p) => sum + p.items, 0),
                );
              } else if (message.type === 'done') {
                mergeSnapshot(accumulator, message.snapshot);
                rulesVersion = message.rulesVersion;
                resolve();
              } else {
                reject(new Error(message.message));
              }
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (code !== 0) reject(new Error(`eval worker exited with code ${code}`));
            });
          }),
      ),
    );
  } catch (error) {
    // One failed share fails the run: stop the others rather than wait for them.
    await Promise.all(running.map((worker) => worker.terminate()));
    throw error;
  } finally {
    options.progress?.stop();
  }
  return { accumulator, files, seconds: (performance.now() - started) / 1000, rulesVersion };
}
