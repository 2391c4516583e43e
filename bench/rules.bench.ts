/**
 * `npm run bench:rules`: throughput and latency of the rules stage with every shipped pack,
 * in one process (one core: evaluation is synchronous on the main thread).
 *
 *  - >= 10,000 mixed English/Korean turns from ../shared/data (deterministic sample),
 *    turns/s and p50/p99 per turn (rules evaluation + scoring, process.hrtime.bigint);
 *  - 16,000-character adversarial turns (near-misses, separator/jamo/zero-width runs,
 *    many partial phrase prefixes built from the loaded packs' own phrases).
 *
 * Targets (issue 3): >= 10,000 turns/s, p99 < 1 ms, adversarial < 20 ms. On a shared machine
 * wall-clock figures include time spent waiting for a core; the CPU-time line beside them
 * (process CPU, so it also counts V8's helper threads) is the steadier one to compare.
 * Options: --turns <n> (default 20000), --data <dir>, --partial (authoring mode), --check
 * (exit 1 on a missed target). This is a script, not a test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { loadTurnEvaluator } from '../src/batch/load-evaluator';
import { sampleTurns } from './bench-corpus';
import type { TurnEvaluator } from '../src/batch/turn-evaluator';
import { snapshotFor } from '../src/assessment/conversation-state';
import { scoreTurn } from '../src/engine/pipeline/assessment-scorer';
import type { TurnContext } from '../src/engine/pipeline/assessment-stage';

const TARGET_TURNS_PER_SECOND = 10_000;
const TARGET_P99_MS = 1;
const TARGET_ADVERSARIAL_MS = 20;
const ADVERSARIAL_CHARS = 16_000;

type Args = { turns: number; dataDir: string; partial: boolean; check: boolean };

function parseArgs(argv: string[]): Args {
  const args: Args = {
    turns: 20_000,
    dataDir: resolve(__dirname, '..', '..', 'shared', 'data'),
    partial: false,
    check: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--turns') args.turns = Number(argv[++i]);
    else if (argv[i] === '--data') args.dataDir = resolve(argv[++i]);
    else if (argv[i] === '--partial') args.partial = true;
    else if (argv[i] === '--check') args.check = true;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!Number.isInteger(args.turns) || args.turns < 1) throw new Error('--turns must be > 0');
  return args;
}

/** Phrases and list terms of the loaded packs, for near-miss prefixes. */
function packPhrases(rulesDir: string): string[] {
  const phrases = new Set<string>();
  const collect = (node: unknown, key: string | null): void => {
    if (typeof node === 'string') {
      if (key === 'phrase' || key === 'phrases' || key === 'terms' || key === 'list-term') {
        phrases.add(node);
      }
      return;
    }
    if (Array.isArray(node)) {
      for (const child of node) collect(child, key);
      return;
    }
    if (node && typeof node === 'object') {
      for (const [childKey, child] of Object.entries(node)) {
        if (childKey === 'tests') continue;
        collect(child, key === 'lists' ? 'list-term' : childKey);
      }
    }
  };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.yaml') && !entry.name.endsWith('.test.yaml')) {
        collect(parse(readFileSync(path, 'utf8')), null);
      }
    }
  };
  walk(rulesDir);
  return [...phrases];
}

const fill = (unit: string): string =>
  unit.repeat(Math.ceil(ADVERSARIAL_CHARS / unit.length)).slice(0, ADVERSARIAL_CHARS);

function adversarialTurns(phrases: string[]): Record<string, string> {
  // Each phrase cut one character short: the matcher sees a candidate start everywhere.
  const prefixes = phrases.filter((p) => p.length > 2).map((p) => p.slice(0, -1));
  const spacedPrefixes = prefixes.map((p) => [...p].join(' '));
  return {
    'partial phrase prefixes': fill(`${prefixes.join(' ')} `),
    'spaced partial prefixes': fill(`${spacedPrefixes.join(' . ')} `),
    'repetitive near-misses': fill('kil k1l suicid s-u-i-c-i-d 죽고시 자사 ㅈㅅ ignore previou '),
    'single-letter separator run': fill('k.'),
    'separator run': fill('-_.*~'),
    'jamo run': fill('ㅈㅅㄱㅏㅅㅂ'),
    'zero-width run': fill('k\u200bi\u200bl\u200b\u00ad'),
    'spaced hangul': fill('죽 고 싶 다 가 아 니 라 '),
    'one long token': fill('a'),
  };
}

function turnContext(text: string, index: number): TurnContext {
  return {
    tenantId: 'bench',
    mode: 'test',
    turn: { eventId: `evt_${index}`, conversationId: `conv_${index}`, text, speakerType: 'user' },
    conversation: snapshotFor(null),
  };
}

/** Rules evaluation plus scoring, as the service's rules stage does per turn; in ns. */
function timeTurn(evaluator: TurnEvaluator, context: TurnContext): number {
  const started = process.hrtime.bigint();
  const outcome = evaluator.evaluate(context);
  scoreTurn([outcome], ['rules'], evaluator.policy);
  return Number(process.hrtime.bigint() - started);
}

function percentile(sorted: Float64Array, p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

const ms = (ns: number): string => `${(ns / 1e6).toFixed(3)} ms`;
const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const rulesDir = resolve(__dirname, '..', 'rules');
  const evaluator = await loadTurnEvaluator({ rulesDir, partial: args.partial });
  const turns = await sampleTurns(args.dataDir, args.turns);
  const english = turns.filter((t) => !/[\uac00-\ud7a3]/.test(t)).length;
  const meanChars = turns.reduce((sum, t) => sum + t.length, 0) / turns.length;

  const contexts = turns.map(turnContext);
  for (const context of contexts.slice(0, 2000)) timeTurn(evaluator, context); // JIT warm-up

  const latencies = new Float64Array(contexts.length);
  const cpuStarted = process.cpuUsage();
  const wallStarted = process.hrtime.bigint();
  for (let i = 0; i < contexts.length; i += 1) latencies[i] = timeTurn(evaluator, contexts[i]);
  const wallNs = Number(process.hrtime.bigint() - wallStarted);
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  latencies.sort();
  const turnsPerSecond = contexts.length / (wallNs / 1e9);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);

  const adversarial = Object.entries(adversarialTurns(packPhrases(rulesDir))).map(
    ([name, text], index) => {
      const runs = Array.from({ length: 5 }, () => timeTurn(evaluator, turnContext(text, index)));
      return { name, chars: text.length, worstNs: Math.max(...runs) };
    },
  );
  const worstAdversarial = Math.max(...adversarial.map((a) => a.worstNs));

  const okThroughput = turnsPerSecond >= TARGET_TURNS_PER_SECOND;
  const okP99 = p99 / 1e6 < TARGET_P99_MS;
  const okAdversarial = worstAdversarial / 1e6 < TARGET_ADVERSARIAL_MS;
  console.log(`rules ${evaluator.rulesVersion}, node ${process.version}, one thread`);
  console.log(
    `corpus: ${contexts.length} turns from ${args.dataDir} (${contexts.length - english} with Hangul, ${english} without), mean ${meanChars.toFixed(0)} chars`,
  );
  console.log('');
  console.log(
    `throughput      ${Math.round(turnsPerSecond)} turns/s   target >= ${TARGET_TURNS_PER_SECOND}   ${verdict(okThroughput)}`,
  );
  console.log(
    `cpu time        ${Math.round(contexts.length / cpuSeconds)} turns per CPU-second, all threads (${((cpuSeconds / contexts.length) * 1e6).toFixed(1)} us per turn)`,
  );
  console.log(`p50 per turn    ${ms(p50)}`);
  console.log(`p99 per turn    ${ms(p99)}   target < ${TARGET_P99_MS} ms   ${verdict(okP99)}`);
  console.log(`max per turn    ${ms(latencies[latencies.length - 1])}`);
  console.log('');
  console.log('adversarial 16,000-char turns (worst of 5 runs each):');
  for (const a of adversarial) console.log(`  ${a.name.padEnd(30)} ${ms(a.worstNs)}`);
  console.log(
    `worst adversarial ${ms(worstAdversarial)}   target < ${TARGET_ADVERSARIAL_MS} ms   ${verdict(okAdversarial)}`,
  );
  if (args.check && !(okThroughput && okP99 && okAdversarial)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
