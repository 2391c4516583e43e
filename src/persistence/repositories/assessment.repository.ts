import { Injectable } from '@nestjs/common';
import { LessThan, MoreThan, type EntityManager } from 'typeorm';
import type { StageOutcome } from '../../engine/pipeline/assessment-stage';
import type {
  ConversationHistoryPort,
  ConversationKey,
  HistoryTurn,
  LateRefinementRecorderPort,
} from '../../engine/pipeline/ports';
import type { Level } from '../../engine/taxonomy';
import { Database } from '../database';
import { AssessmentEntity } from '../entities/assessment.entity';

type EventKey = ConversationKey & { eventId: string };

export type StoredAssessment = Pick<
  AssessmentEntity,
  'id' | 'textSha256' | 'response' | 'severity'
>;

const INSERT_COLUMNS = [
  'id',
  'tenant_id',
  'mode',
  'conversation_id',
  'event_id',
  'turn_number',
  'text_sha256',
  'text',
  'speaker_type',
  'user_id_hash',
  'character_id',
  'turn_index',
  'event_timestamp',
  'severity',
  'action',
  'response',
  'late_refinement',
  'request_id',
  'created_at',
];

@Injectable()
export class AssessmentRepository implements ConversationHistoryPort, LateRefinementRecorderPort {
  constructor(private readonly db: Database) {}

  /** The stored turn for an eventId, if any (raw: it runs on every turn). */
  async findByEvent(
    key: EventKey,
    manager: EntityManager = this.db.manager,
  ): Promise<StoredAssessment | null> {
    const [row] = await this.db.query<{
      id: string;
      text_sha256: string;
      response: string;
      severity: Level;
    }>(
      'SELECT id, text_sha256, response, severity FROM assessment ' +
        'WHERE tenant_id = ? AND mode = ? AND conversation_id = ? AND event_id = ?',
      [key.tenantId, key.mode, key.conversationId, key.eventId],
      manager,
    );
    return row
      ? { id: row.id, textSha256: row.text_sha256, response: row.response, severity: row.severity }
      : null;
  }

  async insert(manager: EntityManager, row: AssessmentEntity): Promise<void> {
    await this.db.query(
      `INSERT INTO assessment (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`,
      [
        row.id,
        row.tenantId,
        row.mode,
        row.conversationId,
        row.eventId,
        row.turnNumber,
        row.textSha256,
        row.text,
        row.speakerType,
        row.userIdHash,
        row.characterId,
        row.turnIndex,
        row.eventTimestamp,
        row.severity,
        row.action,
        row.response,
        row.lateRefinement,
        row.requestId,
        row.createdAt,
      ],
      manager,
    );
  }

  /** One page of a conversation's turns in arrival order, after `afterTurn`. */
  pageForConversation(key: ConversationKey, afterTurn: number, limit: number) {
    return this.db.manager.find(AssessmentEntity, {
      where: { ...key, turnNumber: MoreThan(afterTurn) },
      order: { turnNumber: 'ASC' },
      take: limit,
    });
  }

  async recentTurns(key: ConversationKey, limit: number): Promise<HistoryTurn[]> {
    const rows = await this.db.manager.find(AssessmentEntity, {
      where: key,
      order: { turnNumber: 'DESC' },
      take: limit,
      select: { eventId: true, speakerType: true, text: true, turnNumber: true },
    });
    return rows
      .reverse()
      .map((row) => ({ eventId: row.eventId, speakerType: row.speakerType, text: row.text ?? '' }));
  }

  async recordLateRefinement(key: EventKey, outcome: StageOutcome): Promise<void> {
    await this.db.write((manager) =>
      manager.update(AssessmentEntity, key, { lateRefinement: JSON.stringify(outcome) }),
    );
  }

  countForTenant(tenantId: string): Promise<number> {
    return this.db.manager.countBy(AssessmentEntity, { tenantId });
  }

  /** RETENTION_DAYS: deletes assessments stored before `cutoff`; returns how many. */
  async purgeOlderThan(cutoff: string): Promise<number> {
    const result = await this.db.write((manager) =>
      manager.delete(AssessmentEntity, { createdAt: LessThan(cutoff) }),
    );
    return result.affected ?? 0;
  }
}
