import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import IORedis from 'ioredis';
import type {
  Finding,
  StageOutcome,
  TurnContext,
} from '../../../src/engine/pipeline/assessment-stage';
import { scoreTurn, type TurnVerdict } from '../../../src/engine/pipeline/assessment-scorer';
import { DEFAULT_POLICY } from '../../../src/engine/pipeline/policy';
import {
  CONVERSATION_HISTORY,
  LATE_REFINEMENT_RECORDER,
  type ConversationHistoryPort,
  type ConversationKey,
  type HistoryTurn,
  type LateRefinementRecorderPort,
} from '../../../src/engine/pipeline/ports';
import { snapshotFor } from '../../../src/assessment/conversation-state';
import type { LlmConfig } from '../../../src/llm/llm.config';
import { LlmModule } from '../../../src/llm/llm.module';
import { LlmStage } from '../../../src/llm/llm.stage';
import type { QueueConfig } from '../../../src/queue/queue.config';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** In-memory stand-ins for the persistence ports, so these suites need no database. */
export class MemoryHistory implements ConversationHistoryPort {
  readonly turns = new Map<string, HistoryTurn[]>();
  async recentTurns(key: ConversationKey, limit: number): Promise<HistoryTurn[]> {
    return (this.turns.get(key.conversationId) ?? []).slice(-limit);
  }
}

export class MemoryLateRecorder implements LateRefinementRecorderPort {
  readonly recorded: { key: ConversationKey & { eventId: string }; outcome: StageOutcome }[] = [];
  async recordLateRefinement(
    key: ConversationKey & { eventId: string },
    outcome: StageOutcome,
  ): Promise<void> {
    this.recorded.push({ key, outcome });
  }
}

@Global()
@Module({})
class MemoryPortsModule {
  static with(history: MemoryHistory, recorder: MemoryLateRecorder): DynamicModule {
    return {
      module: MemoryPortsModule,
      providers: [
        { provide: CONVERSATION_HISTORY, useValue: history },
        { provide: LATE_REFINEMENT_RECORDER, useValue: recorder },
      ],
      exports: [CONVERSATION_HISTORY, LATE_REFINEMENT_RECORDER],
    };
  }
}

export type StageHarness = {
  stage: LlmStage;
  history: MemoryHistory;
  recorder: MemoryLateRecorder;
  module: TestingModule;
  close(): Promise<void>;
};

export async function createStageHarness(
  llm: Partial<LlmConfig>,
  queue: Partial<QueueConfig>,
): Promise<StageHarness> {
  const history = new MemoryHistory();
  const recorder = new MemoryLateRecorder();
  const module = await Test.createTestingModule({
    imports: [MemoryPortsModule.with(history, recorder), LlmModule.register({ llm, queue })],
  }).compile();
  await module.init();
  return { stage: module.get(LlmStage), history, recorder, module, close: () => module.close() };
}

let eventCounter = 0;

export function turnContext(
  text: string,
  overrides: Partial<TurnContext['turn']> = {},
): TurnContext {
  eventCounter += 1;
  return {
    tenantId: 'tenant:alpha',
    mode: 'test',
    turn: {
      // `:` on purpose: job ids must survive it.
      eventId: `evt:${Date.now()}:${eventCounter}`,
      conversationId: 'conv_llm_test',
      text,
      speakerType: 'user',
      ...overrides,
    },
    conversation: snapshotFor(null),
  };
}

export function rulesOutcome(findings: Partial<Finding>[]): StageOutcome {
  return {
    ran: true,
    flags: [],
    findings: findings.map((finding) => ({
      category: 'self_harm',
      subcategory: 'ideation',
      score: 0.6,
      stage: 'rules',
      code: 'self_harm.ideation.test_rule',
      message: 'test rule',
      spans: [{ start: 0, end: 4 }],
      ...finding,
    })),
  };
}

/** Runs the stage after the given rules outcome and scores the turn as the API does. */
export async function assess(
  stage: LlmStage,
  context: TurnContext,
  rules: StageOutcome,
): Promise<{ verdict: TurnVerdict; llm: StageOutcome; elapsedMs: number }> {
  const started = Date.now();
  const llm = await stage.run(context, [rules]);
  const elapsedMs = Date.now() - started;
  return { verdict: scoreTurn([rules, llm], ['rules', 'llm'], DEFAULT_POLICY), llm, elapsedMs };
}

export async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Deletes every key under a test prefix so suites leave the shared Redis clean. */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new IORedis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

export function uniquePrefix(name: string): string {
  return `ca-test-${name}-${process.pid}-${Date.now().toString(36)}`;
}
