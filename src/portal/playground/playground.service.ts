import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { parseAssessRequest } from '../../api/assess-request.parser';
import type { AssessmentResponse } from '../../assessment/assessment-response';
import { AssessmentService } from '../../assessment/assessment.service';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { RulesEngineService } from '../../engine/rules/rules-engine.service';
import { AssessmentRepository } from '../../persistence/repositories/assessment.repository';
import type { PortalSession } from '../auth/session.service';
import type { PlaygroundForm } from '../views/playground.view';
import { timelineFrom, type TimelineData } from '../views/timeline';

export class PlaygroundInputError extends Error {}

/** A chart of more turns than this is unreadable; longer playground conversations show their first. */
const MAX_TIMELINE_TURNS = 500;

/** The conversation id the engine sees: per portal user, so users never share state. */
const engineConversationId = (session: PortalSession, conversationId: string) =>
  `${session.userId}:${conversationId}`;

/** Stored conversation ids hold 128 characters (SPEC 3); the user-id prefix takes its share. */
const MAX_STORED_CONVERSATION_ID = 128;

/**
 * Runs a playground turn through the same AssessmentService as the API, with
 * `mode: "playground"` (recorded as usage, never billable). Conversation state is kept apart
 * per portal user: the conversation id the engine sees is prefixed with the user's id.
 */
@Injectable()
export class PlaygroundService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly assessments: AssessmentService,
    private readonly stored: AssessmentRepository,
    private readonly rules: RulesEngineService,
  ) {}

  private event(form: PlaygroundForm): Record<string, unknown> {
    if (!form.raw.trim()) {
      return {
        text: form.text,
        conversationId: form.conversationId || 'playground',
        speakerType: form.speakerType || 'user',
        ...(form.characterId ? { characterId: form.characterId } : {}),
      };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(form.raw);
    } catch {
      throw new PlaygroundInputError('The raw event is not valid JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new PlaygroundInputError('The raw event must be a JSON object.');
    }
    return parsed as Record<string, unknown>;
  }

  async run(
    session: PortalSession,
    form: PlaygroundForm,
    requestId: string,
    startedAt: number,
  ): Promise<{ text: string; conversationId: string; response: AssessmentResponse }> {
    const event = { eventId: `pg_${randomUUID()}`, ...this.event(form) };
    let turn: ReturnType<typeof parseAssessRequest>;
    try {
      turn = parseAssessRequest({ event }, this.config.limits.maxTextChars);
    } catch (error) {
      throw new PlaygroundInputError(error instanceof Error ? error.message : 'Invalid event.');
    }
    const conversationId = engineConversationId(session, turn.conversationId);
    if (conversationId.length > MAX_STORED_CONVERSATION_ID) {
      const room =
        MAX_STORED_CONVERSATION_ID - (conversationId.length - turn.conversationId.length);
      throw new PlaygroundInputError(
        `In the playground a conversation id may have at most ${room} characters (it is kept apart per user).`,
      );
    }
    const result = await this.assessments.assess({
      tenantId: session.tenantId,
      mode: 'playground',
      turn: { ...turn, conversationId },
      requestId,
      startedAt,
    });
    if (result.status >= 400) {
      throw new PlaygroundInputError(`The engine answered ${result.status}.`);
    }
    return {
      text: turn.text,
      conversationId: turn.conversationId,
      response: JSON.parse(result.body) as AssessmentResponse,
    };
  }

  /**
   * The user's playground conversation so far, from its stored assessments (only the turn
   * numbers and severities the fold needs), with the policy's EMA alpha.
   */
  async timeline(session: PortalSession, conversationId: string): Promise<TimelineData> {
    const key = {
      tenantId: session.tenantId,
      mode: 'playground' as const,
      conversationId: engineConversationId(session, conversationId),
    };
    const turns = await this.stored.severitiesThrough(key, MAX_TIMELINE_TURNS);
    return timelineFrom(turns, this.rules.policy.emaAlpha);
  }
}
