import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { parseAssessRequest } from '../../api/assess-request.parser';
import type { AssessmentResponse } from '../../assessment/assessment-response';
import { AssessmentService } from '../../assessment/assessment.service';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { PortalSession } from '../auth/session.service';
import type { PlaygroundForm } from '../views/playground.view';

export class PlaygroundInputError extends Error {}

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
  ): Promise<{ text: string; response: AssessmentResponse }> {
    const event = { eventId: `pg_${randomUUID()}`, ...this.event(form) };
    let turn: ReturnType<typeof parseAssessRequest>;
    try {
      turn = parseAssessRequest({ event }, this.config.limits.maxTextChars);
    } catch (error) {
      throw new PlaygroundInputError(error instanceof Error ? error.message : 'Invalid event.');
    }
    const result = await this.assessments.assess({
      tenantId: session.tenantId,
      mode: 'playground',
      turn: { ...turn, conversationId: `${session.userId}:${turn.conversationId}` },
      requestId,
      startedAt,
    });
    if (result.status >= 400) {
      throw new PlaygroundInputError(`The engine answered ${result.status}.`);
    }
    return { text: turn.text, response: JSON.parse(result.body) as AssessmentResponse };
  }
}
