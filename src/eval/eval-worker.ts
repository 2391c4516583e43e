import { parentPort, workerData } from 'node:worker_threads';
import { loadTurnEvaluator, type EvaluatorLocation } from '../batch/load-evaluator';
import { TurnAssessor } from '../batch/turn-assessor';
import { snapshotAccumulator } from './accumulator';
import type { WorkerMessage } from './parallel-eval';
import { runEval } from './run-eval';

/** Worker thread of `eval --workers n`: evaluates its share of the files in process. */
export type WorkerInput = { files: string[]; location: EvaluatorLocation };

async function work(input: WorkerInput): Promise<void> {
  const post = (message: WorkerMessage) => parentPort!.postMessage(message);
  const evaluator = await loadTurnEvaluator(input.location);
  const run = await runEval({
    inputs: input.files,
    assessor: new TurnAssessor(evaluator, { maxConversations: 10_000 }),
    progress: {
      start() {},
      update: (bytes, items) => post({ type: 'progress', bytes, items }),
      stop() {},
    },
  });
  post({
    type: 'done',
    rulesVersion: evaluator.rulesVersion,
    snapshot: snapshotAccumulator(run.accumulator),
  });
}

if (parentPort) {
  work(workerData as WorkerInput).catch((error: unknown) => {
    parentPort!.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    } satisfies WorkerMessage);
  });
}
