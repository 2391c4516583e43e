import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type {
  AssessmentStage,
  Finding,
  StageOutcome,
  TurnContext,
} from '../engine/pipeline/assessment-stage';
import {
  CONVERSATION_HISTORY,
  LATE_REFINEMENT_RECORDER,
  type ConversationHistoryPort,
  type ConversationKey,
  type HistoryTurn,
  type LateRefinementRecorderPort,
} from '../engine/pipeline/ports';
import { deterministicJobId } from '../queue/job-id';
import type { QueueDriver } from '../queue/queue-driver';
import { QUEUE_DRIVER } from '../queue/queue.constants';
import { waitWithin } from '../queue/wait-within';
import { CATEGORY_DEFINITIONS, LLM_CONFIG } from './llm.constants';
import type { LlmConfig } from './llm.config';
import { LlmMetrics, type LlmOutcome } from './llm-metrics';
import { LLM_REFINEMENT_JOB, LLM_REFINEMENT_QUEUE } from './llm-refinement.job';
import type { LlmRefinementJobData, LlmRefinementResult } from './llm-refinement.types';
import type { CategoryDefinition } from './prompt/category-definitions';
import { refinementOutcome } from './refinement-outcome';

/** An EMA that rounds to `low` or above counts as a raised conversation (SPEC 10 on_signal). */
const RAISED_EMA = 0.5;

const UNAVAILABLE_CODE = 'llm_unavailable';

/**
 * The LLM refinement stage (SPEC 10). It puts the turn on the refinement queue and waits up
 * to `LLM_TIMEOUT_MS`, queue time included. Whatever goes wrong (timeout, upstream error,
 * 429, invalid output, Redis), it answers in time with `ran: false` and an `llm_unavailable`
 * notice so the request returns the rules result; a result that arrives after the deadline
 * is recorded on the stored assessment through the late-refinement port.
 */
@Injectable()
export class LlmStage implements AssessmentStage {
  readonly name = 'llm' as const;
  private readonly logger = new Logger(LlmStage.name);
  private readonly metrics = new LlmMetrics();

  constructor(
    @Inject(LLM_CONFIG) private readonly config: LlmConfig,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
    @Inject(CATEGORY_DEFINITIONS) private readonly definitions: readonly CategoryDefinition[],
    @Optional()
    @Inject(CONVERSATION_HISTORY)
    private readonly history?: ConversationHistoryPort,
    @Optional()
    @Inject(LATE_REFINEMENT_RECORDER)
    private readonly lateRecorder?: LateRefinementRecorderPort,
  ) {}

  /** False when no endpoint is configured: the pipeline then leaves this stage out. */
  get enabled(): boolean {
    return this.config.baseUrl !== undefined;
  }

  async run(context: TurnContext, previous: readonly StageOutcome[]): Promise<StageOutcome> {
    const ruleFindings = previous.filter((outcome) => outcome.ran).flatMap((o) => o.findings);
    if (!this.enabled || !this.wanted(context, ruleFindings)) {
      return { ran: false, findings: [], flags: [] };
    }
    const startedAt = performance.now();
    const deadlineAt = Date.now() + this.config.timeoutMs;
    const key: ConversationKey = {
      tenantId: context.tenantId,
      mode: context.mode,
      conversationId: context.turn.conversationId,
    };
    const finish = (outcome: LlmOutcome, stageOutcome: StageOutcome) => {
      this.metrics.observe(outcome, (performance.now() - startedAt) / 1000);
      return stageOutcome;
    };

    try {
      const data: LlmRefinementJobData = {
        turn: { text: context.turn.text, speakerType: context.turn.speakerType },
        history: await this.recentTurns(key, deadlineAt),
        ruleFindings: ruleFindings.map(({ category, subcategory, code, score }) => ({
          category,
          subcategory,
          code,
          score,
        })),
        deadlineAt,
      };
      const wait = await this.queue.runAndWait<LlmRefinementJobData, LlmRefinementResult>(
        {
          queue: LLM_REFINEMENT_QUEUE,
          name: LLM_REFINEMENT_JOB,
          jobId: deterministicJobId('refine', [
            key.tenantId,
            key.mode,
            key.conversationId,
            context.turn.eventId,
          ]),
          data,
        },
        deadlineAt - Date.now(),
      );
      if (wait.status === 'timeout') {
        this.recordWhenLate({ ...key, eventId: context.turn.eventId }, wait.late, ruleFindings);
        return finish('timeout', this.unavailable(`no answer within ${this.config.timeoutMs} ms`));
      }
      const result = wait.result;
      if (result.status === 'ok') {
        return finish('ok', refinementOutcome(result, ruleFindings, this.definitions));
      }
      const outcome = result.status === 'invalid' ? 'invalid' : result.status;
      return finish(outcome, this.unavailable(result.detail));
    } catch (error) {
      this.logger.warn(`LLM refinement queue failed: ${(error as Error).message}`);
      return finish('error', this.unavailable('the refinement queue is unreachable'));
    }
  }

  private wanted(context: TurnContext, ruleFindings: readonly Finding[]): boolean {
    if (this.config.mode === 'always') return true;
    return ruleFindings.length > 0 || context.conversation.ema >= RAISED_EMA;
  }

  /** Context turns, bounded by the deadline too: a slow store means no context, not no answer. */
  private async recentTurns(key: ConversationKey, deadlineAt: number): Promise<HistoryTurn[]> {
    if (!this.history || this.config.contextTurns === 0) return [];
    try {
      const wait = await waitWithin(
        this.history.recentTurns(key, this.config.contextTurns),
        (deadlineAt - Date.now()) / 4,
      );
      if (wait.status === 'timeout') {
        wait.late.catch(() => undefined);
        return [];
      }
      return wait.result;
    } catch (error) {
      this.logger.warn(`Conversation history unavailable: ${(error as Error).message}`);
      return [];
    }
  }

  private recordWhenLate(
    key: ConversationKey & { eventId: string },
    late: Promise<LlmRefinementResult>,
    ruleFindings: readonly Finding[],
  ): void {
    late
      .then(async (result) => {
        if (result.status !== 'ok' || !this.lateRecorder) return this.metrics.lateResult('lost');
        const outcome = refinementOutcome(result, ruleFindings, this.definitions);
        await this.lateRecorder.recordLateRefinement(key, outcome);
        this.metrics.lateResult('recorded');
      })
      .catch((error: unknown) => {
        this.metrics.lateResult('failed');
        this.logger.warn(`Late LLM refinement not recorded: ${(error as Error).message}`);
      });
  }

  private unavailable(detail: string): StageOutcome {
    return {
      ran: false,
      findings: [],
      flags: [],
      unavailable: {
        code: UNAVAILABLE_CODE,
        message: `LLM refinement unavailable (${detail}); the rules result is used`,
      },
    };
  }
}
