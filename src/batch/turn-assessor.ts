import {
  applyTurn,
  snapshotFor,
  summarise,
  type ConversationStateValues,
  type ConversationSummary,
} from '../assessment/conversation-state';
import type { TurnContext } from '../engine/pipeline/assessment-stage';
import { scoreTurn, type TurnVerdict } from '../engine/pipeline/assessment-scorer';
import type { Mode, SpeakerType } from '../engine/taxonomy';
import type { TurnEvaluator } from './turn-evaluator';

/** One input turn of a batch file (`{"id","text",...}`). */
export type BatchTurn = {
  id: string;
  text: string;
  conversationId?: string;
  speakerType?: SpeakerType;
};

/** The assessment written per turn: the API response minus request_id and mode. */
export type TurnAssessment = Omit<TurnVerdict, 'stages' | 'model'> & {
  conversation: ConversationSummary;
  engine: { stages: TurnVerdict['stages']; model: string; latencyMs: number; rulesVersion: string };
};

export type TurnAssessorOptions = {
  mode?: Mode;
  /**
   * Conversations kept in memory; the least recently used is forgotten beyond this, which
   * bounds memory on huge files (a forgotten conversation restarts from an empty state).
   */
  maxConversations?: number;
};

const BATCH_TENANT = 'batch';

/**
 * Assesses turns in process with the rules stage alone (LLM off), keeping each
 * conversation's state in memory with the service's own fold (SPEC 5). Turns without
 * a conversationId are independent single-turn conversations.
 */
export class TurnAssessor {
  private readonly conversations = new Map<string, ConversationStateValues>();
  private readonly mode: Mode;
  private readonly maxConversations: number;

  constructor(
    private readonly evaluator: TurnEvaluator,
    options: TurnAssessorOptions = {},
  ) {
    this.mode = options.mode ?? 'test';
    this.maxConversations = options.maxConversations ?? 100_000;
  }

  get rulesVersion(): string {
    return this.evaluator.rulesVersion;
  }

  assess(turn: BatchTurn): TurnAssessment {
    const started = performance.now();
    const conversationId = turn.conversationId ?? `single:${turn.id}`;
    const before = this.recall(turn.conversationId) ?? null;
    const context: TurnContext = {
      tenantId: BATCH_TENANT,
      mode: this.mode,
      turn: {
        eventId: turn.id,
        conversationId,
        text: turn.text,
        speakerType: turn.speakerType ?? 'user',
      },
      conversation: snapshotFor(before),
    };
    const outcome = this.evaluator.evaluate(context);
    const policy = this.evaluator.policy;
    const verdict = scoreTurn([outcome], ['rules'], policy);
    const flags = outcome.ran ? outcome.flags : [];
    const after = applyTurn(snapshotFor(before), { ...verdict, flags }, policy.emaAlpha);
    if (turn.conversationId !== undefined) this.remember(turn.conversationId, after);

    const { stages, model, ...turnLevel } = verdict;
    return {
      ...turnLevel,
      conversation: summarise(after),
      engine: {
        stages,
        model,
        latencyMs: Math.round(performance.now() - started),
        rulesVersion: this.evaluator.rulesVersion,
      },
    };
  }

  private recall(conversationId: string | undefined): ConversationStateValues | undefined {
    if (conversationId === undefined) return undefined;
    const state = this.conversations.get(conversationId);
    if (state) {
      // Re-insert so Map order is least-recently-used first.
      this.conversations.delete(conversationId);
      this.conversations.set(conversationId, state);
    }
    return state;
  }

  private remember(conversationId: string, state: ConversationStateValues): void {
    this.conversations.set(conversationId, state);
    if (this.conversations.size > this.maxConversations) {
      const oldest = this.conversations.keys().next().value;
      if (oldest !== undefined) this.conversations.delete(oldest);
    }
  }
}
