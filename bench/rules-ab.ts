/**
 * Speed of two checkouts' rules engines compared in one process, for a shared machine where
 * whole `bench:rules` runs differ by a quarter from one run to the next:
 *
 *   node -r @swc-node/register bench/rules-ab.ts <checkout A> <checkout B> [--turns n]
 *
 * Both engines load their own packs, then take the same turns of the bench corpus in
 * alternating batches, so whatever else the machine does hits both alike. The engine loaded
 * second runs measurably slower (7-15% here), whichever it is: run each pair in both orders.
 * With r1 = B/A printed by the run "A B" and r2 = A/B printed by the run "B A", B is
 * sqrt(r1 / r2) times as slow as A, the loading bias divided out.
 * Each checkout needs its node_modules (a symlink to one is enough). A script, not a test.
 */
import { join, resolve } from 'node:path';
import type { TurnEvaluator } from '../src/batch/turn-evaluator';
import { sampleTurns } from './bench-corpus';

const BATCH = 250;
const ROUNDS = 3;
const WARM_UP_TURNS = 2000;
/** Fewer turns leave the second engine's code less warmed up, and the loading bias grows. */
const MIN_TURNS = 4000;

type Engine = { checkout: string; assess: (text: string, index: number) => void; ns: number };

async function loadEngine(checkout: string): Promise<Engine> {
  const from = (path: string) => join(checkout, path);
  // Each checkout's own modules, so the two engines share no code of the project.
  const { loadTurnEvaluator } = (await import(from('src/batch/load-evaluator'))) as {
    loadTurnEvaluator: (location: {
      rulesDir: string;
      pluginsDir: string;
    }) => Promise<TurnEvaluator>;
  };
  const { snapshotFor } = (await import(
    from('src/assessment/conversation-state')
  )) as typeof import('../src/assessment/conversation-state');
  const { scoreTurn } = (await import(
    from('src/engine/pipeline/assessment-scorer')
  )) as typeof import('../src/engine/pipeline/assessment-scorer');
  const evaluator = await loadTurnEvaluator({
    rulesDir: from('rules'),
    pluginsDir: from('plugins'),
  });
  return {
    checkout,
    ns: 0,
    assess: (text, index) => {
      const outcome = evaluator.evaluate({
        tenantId: 'bench',
        mode: 'test',
        turn: {
          eventId: `evt_${index}`,
          conversationId: `conv_${index}`,
          text,
          speakerType: 'user',
        },
        conversation: snapshotFor(null),
      });
      scoreTurn([outcome], ['rules'], evaluator.policy);
    },
  };
}

function parseArgs(argv: string[]): { checkouts: [string, string]; turns: number } {
  const checkouts: string[] = [];
  let turns = 8000;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--turns') turns = Number(argv[++i]);
    else checkouts.push(resolve(argv[i]));
  }
  if (checkouts.length !== 2)
    throw new Error('usage: rules-ab.ts <checkout A> <checkout B> [--turns n]');
  if (!Number.isInteger(turns) || turns < MIN_TURNS)
    throw new Error(`--turns must be >= ${MIN_TURNS}`);
  return { checkouts: [checkouts[0], checkouts[1]], turns };
}

async function main(): Promise<void> {
  const { checkouts, turns: count } = parseArgs(process.argv.slice(2));
  const engines = [await loadEngine(checkouts[0]), await loadEngine(checkouts[1])];
  const turns = await sampleTurns(resolve(__dirname, '..', '..', 'shared', 'data'), count);
  for (const engine of engines) turns.slice(0, WARM_UP_TURNS).forEach(engine.assess);
  for (let round = 0; round < ROUNDS; round++) {
    for (let start = 0; start < turns.length; start += BATCH) {
      // Who goes first alternates too, batch by batch.
      const order = (start / BATCH + round) % 2 === 0 ? engines : [engines[1], engines[0]];
      for (const engine of order) {
        const started = process.hrtime.bigint();
        for (let i = start; i < Math.min(start + BATCH, turns.length); i++)
          engine.assess(turns[i], i);
        engine.ns += Number(process.hrtime.bigint() - started);
      }
    }
  }
  for (const engine of engines) {
    const perTurn = engine.ns / (ROUNDS * turns.length) / 1000;
    process.stdout.write(`${engine.checkout}  ${perTurn.toFixed(1)} us per turn\n`);
  }
  process.stdout.write(`B / A time per turn: ${(engines[1].ns / engines[0].ns).toFixed(3)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
