import { Injectable } from '@nestjs/common';
import { LessThan, MoreThan, type EntityManager } from 'typeorm';
import type { StageOutcome } from '../../engine/pipeline/assessment-stage';
import type {
  ConversationHistoryPort,
  ConversationKey,
  HistoryTurn,
  LateRefinementRecorderPort,
} from '../../engine/pipeline/ports';
import { Database } from '../database';
import { AssessmentEntity } from '../entities/assessment.entity';

type EventKey = ConversationKey & { eventId: string };

@Injectable()
export class AssessmentRepository implements ConversationHistoryPort, LateRefinementRecorderPort {
  constructor(private readonly db: Database) {}

  findByEvent(key: EventKey, manager: EntityManager = this.db.manager) {
    return manager.findOneBy(AssessmentEntity, key);
  }

  async insert(manager: EntityManager, assessment: AssessmentEntity): Promise<void> {
    await manager.insert(AssessmentEntity, assessment);
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
