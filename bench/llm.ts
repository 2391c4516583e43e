/**
 * `npm run bench:llm`: what the LLM refinement stage costs on top of the model call, through
 * BullMQ on loopback Redis versus the inline driver, with the scripted model answering at
 * once. One run, sequential requests, p50/p99 in ms. Target: BullMQ adds <= 3 ms at p50.
 */
import { performance } from 'node:perf_hooks';
import type { StageOutcome, TurnContext } from '../src/engine/pipeline/assessment-stage';
import { snapshotFor } from '../src/assessment/conversation-state';
import { llmConfigFromEnv, type LlmConfig } from '../src/llm/llm.config';
import { LLM_REFINEMENT_QUEUE, LlmRefinementJob } from '../src/llm/llm-refinement.job';
import type { LlmRefinementJobData } from '../src/llm/llm-refinement.types';
import { LlmStage } from '../src/llm/llm.stage';
import { OpenAiChatProvider } from '../src/llm/openai-chat.provider';
import { loadCategoryDefinitions } from '../src/llm/prompt/category-definitions';
import { BullmqQueueDriver } from '../src/queue/drivers/bullmq.driver';
import { InlineQueueDriver } from '../src/queue/drivers/inline.driver';
import type { QueueDriver } from '../src/queue/queue-driver';
import { queueConfigFromEnv } from '../src/queue/queue.config';
import {
  jsonVerdict,
  OpenAiCompatibleTestServer,
} from '../test/utils/openai-compatible-test-server';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 1000);
const WARMUP = 100;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

let counter = 0;
function context(): TurnContext {
  counter += 1;
  return {
    tenantId: 'bench',
    mode: 'test',
    turn: {
      eventId: `evt_bench_${Date.now()}_${counter}`,
      conversationId: 'conv_bench',
      text: 'how was your day?',
      speakerType: 'user',
    },
    conversation: snapshotFor(null),
  };
}

const rules: StageOutcome = { ran: true, findings: [], flags: [] };

async function measure(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function main(): Promise<void> {
  const server = await new OpenAiCompatibleTestServer().start();
  server.respond({ kind: 'answer', content: jsonVerdict() });
  const config: LlmConfig = { ...llmConfigFromEnv({}), baseUrl: server.baseUrl, model: 'bench' };
  const definitions = loadCategoryDefinitions();
  const provider = new OpenAiChatProvider({ ...config, baseUrl: server.baseUrl });
  const job = new LlmRefinementJob(config, provider, () => definitions);

  // Context for the figures: one Redis round trip on this machine right now.
  const { default: IORedis } = await import('ioredis');
  const ping = new IORedis(REDIS_URL);
  const redisRoundTrip = await measure(() => ping.ping());
  await ping.quit();

  const queueConfig = { ...queueConfigFromEnv({}), prefix: `ca-bench-${process.pid}` };
  const drivers: [string, QueueDriver][] = [
    ['inline', new InlineQueueDriver(60_000)],
    ['bullmq', new BullmqQueueDriver({ ...queueConfig, redisUrl: REDIS_URL })],
  ];
  const results: Record<string, { p50: number; p99: number }> = {
    'redis PING round trip': summary(redisRoundTrip),
  };
  for (const [name, driver] of drivers) {
    if (driver instanceof BullmqQueueDriver) await driver.openQueues([LLM_REFINEMENT_QUEUE]);
    driver.registerHandler<LlmRefinementJobData, unknown>(LLM_REFINEMENT_QUEUE, (data) =>
      job.handle(data),
    );
    await driver.startWorkers();
    const stage = new LlmStage(config, driver, definitions);
    const samples = await measure(async () => {
      const outcome = await stage.run(context(), [rules]);
      if (!outcome.ran) throw new Error(`refinement failed: ${outcome.unavailable?.message}`);
    });
    results[`stage via ${name}`] = summary(samples);
    await driver.close();
  }
  // The model call alone: what both drivers add to.
  const direct = await measure(() =>
    job.handle({
      turn: { text: 'how was your day?', speakerType: 'user' },
      history: [],
      ruleFindings: [],
      deadlineAt: Date.now() + 8000,
    }),
  );

  results['model call only (no stage, no queue)'] = summary(direct);
  await server.stop();

  const rows = Object.entries(results).map(([name, { p50, p99 }]) => ({
    measurement: name,
    'p50 ms': p50.toFixed(2),
    'p99 ms': p99.toFixed(2),
  }));
  console.table(rows);
  const inline = results['stage via inline'];
  const bull = results['stage via bullmq'];
  const added = bull.p50 - inline.p50;
  console.log(
    `BullMQ adds ${added.toFixed(2)} ms at p50 and ${(bull.p99 - inline.p99).toFixed(2)} ms at p99 ` +
      `over the inline driver (${ITERATIONS} sequential turns; target <= 3 ms at p50: ${added <= 3 ? 'met' : 'NOT met'})`,
  );
  {
    // Leave the shared Redis clean.
    const redis = new IORedis(REDIS_URL);
    const keys = await redis.keys(`${queueConfig.prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
