import type { TurnVerdict } from '../engine/pipeline/assessment-scorer';
import type { TurnInput } from '../engine/pipeline/assessment-stage';
import type { Mode } from '../engine/taxonomy';
import type { ConversationSummary } from './conversation-state';

/** The response body of SPEC 3, keys in the documented order. */
export type AssessmentResponse = {
  eventId: string;
  conversationId: string;
  severity: TurnVerdict['severity'];
  action: TurnVerdict['action'];
  categories: TurnVerdict['categories'];
  reasons: TurnVerdict['reasons'];
  conversation: ConversationSummary;
  engine: { stages: TurnVerdict['stages']; model: string; latencyMs: number; rulesVersion: string };
  request_id: string;
  mode: Mode;
};

export function buildResponse(input: {
  turn: TurnInput;
  verdict: TurnVerdict;
  conversation: ConversationSummary;
  latencyMs: number;
  rulesVersion: string;
  requestId: string;
  mode: Mode;
}): AssessmentResponse {
  const { turn, verdict } = input;
  return {
    eventId: turn.eventId,
    conversationId: turn.conversationId,
    severity: verdict.severity,
    action: verdict.action,
    categories: verdict.categories,
    reasons: verdict.reasons,
    conversation: input.conversation,
    engine: {
      stages: verdict.stages,
      model: verdict.model,
      latencyMs: Math.max(0, Math.round(input.latencyMs)),
      rulesVersion: input.rulesVersion,
    },
    request_id: input.requestId,
    mode: input.mode,
  };
}
