import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { sha256Hex } from '../common/sha256';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import type { TurnInput } from '../engine/pipeline/assessment-stage';
import type { ConversationKey } from '../engine/pipeline/ports';
import type { Mode } from '../engine/taxonomy';
import { Metrics } from '../observability/metrics';
import { newId, nowIso } from '../persistence/columns';
import { Database, isUniqueViolation } from '../persistence/database';
import { AssessmentEntity } from '../persistence/entities/assessment.entity';
import type { ConversationStateEntity } from '../persistence/entities/conversation-state.entity';
import {
  AssessmentRepository,
  type StoredAssessment,
} from '../persistence/repositories/assessment.repository';
import { encodeRaisedCategories } from '../persistence/repositories/assessment-categories';
import { ConversationRepository } from '../persistence/repositories/conversation.repository';
import { UsageRepository } from '../persistence/repositories/usage.repository';
import { AssessmentPipeline, type PipelineResult } from './assessment-pipeline.service';
import { buildResponse } from './assessment-response';
import { applyTurn, snapshotFor, summarise } from './conversation-state';
import { IdempotencyService } from './idempotency.service';
import { encodeShadowFindings } from './shadow-findings';
import { retainedText } from './text-retention';

export type AssessRequest = {
  tenantId: string;
  mode: Mode;
  turn: TurnInput;
  requestId: string;
  /** Monotonic start time of the request (performance.now()), for engine.latencyMs. */
  startedAt: number;
  idempotency?: { key: string; requestHash: string };
};

/** The serialised response: stored and replayed byte for byte. */
export type AssessResult = { status: number; body: string; replayed: boolean };

/**
 * One turn, end to end: idempotency claim, duplicate-event check, the stages (outside any
 * lock: a model stage may take seconds), then ONE transaction that writes state (under the
 * conversation row's lock, see ConversationRepository.applyChange), assessment, usage and the
 * idempotency record together.
 *
 * Consequence of running stages before the lock: the stages see the conversation as it was
 * when the turn arrived. Two turns of one conversation that arrive at the same moment both
 * see the state before either (a flag set by one is visible to turns that arrive after it
 * committed). The state update itself is exact: no update is ever lost.
 */
@Injectable()
export class AssessmentService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: Database,
    private readonly pipeline: AssessmentPipeline,
    private readonly conversations: ConversationRepository,
    private readonly assessments: AssessmentRepository,
    private readonly usage: UsageRepository,
    private readonly idempotency: IdempotencyService,
    private readonly metrics: Metrics,
  ) {}

  async assess(request: AssessRequest): Promise<AssessResult> {
    if (!request.idempotency) return this.execute(request, undefined);
    const claim = await this.idempotency.claim(request.tenantId, request.idempotency);
    if (claim.kind === 'replay') {
      this.metrics.assessments.inc({ mode: request.mode, severity: 'n/a', outcome: 'replay' });
      return claim.result;
    }
    try {
      return await this.execute(request, claim.recordId);
    } catch (error) {
      await this.idempotency.release(claim.recordId);
      throw error;
    }
  }

  private async execute(
    request: AssessRequest,
    claimId: string | undefined,
  ): Promise<AssessResult> {
    const { turn, tenantId, mode } = request;
    const key: ConversationKey = { tenantId, mode, conversationId: turn.conversationId };
    const eventKey = { ...key, eventId: turn.eventId };
    const textSha256 = sha256Hex(turn.text);

    const { state, stored: known } = await this.conversations.findArrival(key, turn.eventId);
    if (known) {
      return this.db.write((manager) =>
        this.answerDuplicate(manager, known, textSha256, request, claimId),
      );
    }

    const snapshot = snapshotFor(state);
    const result = await this.pipeline.run({ tenantId, mode, turn, conversation: snapshot });

    try {
      return await this.applyTurn(request, key, state, textSha256, claimId, result);
    } catch (error) {
      // The same eventId committed by a concurrent request between our check and our
      // insert: the unique index rejected ours and the transaction rolled back whole.
      if (!isUniqueViolation(error)) throw error;
      const stored = await this.assessments.findByEvent(eventKey);
      if (!stored) throw error;
      return this.db.write((manager) =>
        this.answerDuplicate(manager, stored, textSha256, request, claimId),
      );
    }
  }

  /** The single write transaction of a new turn. */
  private applyTurn(
    request: AssessRequest,
    key: ConversationKey,
    seen: ConversationStateEntity | null,
    textSha256: string,
    claimId: string | undefined,
    { verdict, flags, shadowFindings, rulesVersion, emaAlpha }: PipelineResult,
  ): Promise<AssessResult> {
    const { turn, tenantId, mode } = request;
    return this.db.write(async (manager) => {
      const now = nowIso();
      const state = await this.conversations.applyChange(manager, key, seen, (current) => ({
        ...applyTurn(current, { ...verdict, flags }, emaAlpha),
        updatedAt: now,
      }));

      const body = JSON.stringify(
        buildResponse({
          turn,
          verdict,
          conversation: summarise(state),
          latencyMs: performance.now() - request.startedAt,
          rulesVersion,
          requestId: request.requestId,
          mode,
        }),
      );
      await this.assessments.insert(
        manager,
        Object.assign(new AssessmentEntity(), {
          id: newId(),
          ...key,
          eventId: turn.eventId,
          turnNumber: state.turns,
          textSha256,
          text: retainedText(turn.text, verdict.reasons, this.config.retention.text),
          speakerType: turn.speakerType,
          userIdHash: turn.userIdHash ?? null,
          characterId: turn.characterId ?? null,
          turnIndex: turn.turnIndex ?? null,
          eventTimestamp: turn.timestamp ?? null,
          severity: verdict.severity,
          action: verdict.action,
          raisedCategories: encodeRaisedCategories(verdict.categories),
          response: body,
          lateRefinement: null,
          shadowFindings: encodeShadowFindings(shadowFindings),
          requestId: request.requestId,
          createdAt: now,
        }),
      );
      if (claimId) await this.idempotency.complete(manager, claimId, 200, body);
      // Last: on PostgreSQL the day's counter row is held from here to COMMIT.
      await this.usage.countAssessment(manager, { tenantId, mode, day: now.slice(0, 10) });
      this.metrics.assessments.inc({ mode, severity: verdict.severity, outcome: 'new' });
      return { status: 200, body, replayed: false };
    });
  }

  /**
   * The same eventId again: the stored assessment (with this request's request_id), no
   * state change, no usage. Other text under the same eventId is a conflict.
   */
  private async answerDuplicate(
    manager: EntityManager,
    stored: StoredAssessment,
    textSha256: string,
    request: AssessRequest,
    claimId: string | undefined,
  ): Promise<AssessResult> {
    if (stored.textSha256 !== textSha256) {
      throw new ApiError(
        'event_conflict',
        'This eventId was already assessed in this conversation with different text.',
        { param: 'event.eventId' },
      );
    }
    const body = JSON.stringify({
      ...(JSON.parse(stored.response) as Record<string, unknown>),
      request_id: request.requestId,
    });
    if (claimId) await this.idempotency.complete(manager, claimId, 200, body);
    this.metrics.assessments.inc({
      mode: request.mode,
      severity: stored.severity,
      outcome: 'duplicate_event',
    });
    return { status: 200, body, replayed: false };
  }
}
