import type { Mode, SpeakerType } from '../taxonomy';
import type { StageOutcome } from './assessment-stage';

/**
 * Ports the model stages need from storage. Persistence implements them and provides them
 * under these tokens; the LLM module injects them, so `llm` never imports persistence code.
 */

export type ConversationKey = { tenantId: string; mode: Mode; conversationId: string };

export type HistoryTurn = { eventId: string; speakerType: SpeakerType; text: string };

export const CONVERSATION_HISTORY = Symbol('CONVERSATION_HISTORY');
export interface ConversationHistoryPort {
  /** The last `limit` stored turns before this one, oldest first, text as retained (redacted). */
  recentTurns(key: ConversationKey, limit: number): Promise<HistoryTurn[]>;
}

export const LATE_REFINEMENT_RECORDER = Symbol('LATE_REFINEMENT_RECORDER');
export interface LateRefinementRecorderPort {
  /**
   * Records a refinement that finished after the request had answered. It changes the
   * stored assessment only, never the conversation state (which reflects what was answered).
   */
  recordLateRefinement(
    key: ConversationKey & { eventId: string },
    outcome: StageOutcome,
  ): Promise<void>;
}
