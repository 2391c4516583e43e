import { Injectable } from '@nestjs/common';
import { In, LessThan, LessThanOrEqual, MoreThan, type EntityManager } from 'typeorm';
import type {
  BacktestFilter,
  BacktestHistoryPort,
  StoredTurn,
} from '../../engine/backtest/backtest';
import type { StageOutcome } from '../../engine/pipeline/assessment-stage';
import type {
  ConversationHistoryPort,
  ConversationKey,
  HistoryTurn,
  LateRefinementRecorderPort,
} from '../../engine/pipeline/ports';
import {
  CATEGORY_IDS,
  MODES,
  type Action,
  type CategoryId,
  type Level,
  type Mode,
  type SpeakerType,
} from '../../engine/taxonomy';
import { Database } from '../database';
import { AssessmentEntity } from '../entities/assessment.entity';
import { TenantEntity } from '../entities/tenant.entity';
import { raisedCategoryPattern } from './assessment-categories';

type EventKey = ConversationKey & { eventId: string };

export type StoredAssessment = Pick<
  AssessmentEntity,
  'id' | 'textSha256' | 'response' | 'severity'
>;

/** History search (portal): every condition is optional except tenant and mode. */
export type AssessmentSearch = {
  tenantId: string;
  mode: Mode;
  conversationId?: string;
  userIdHash?: string;
  characterId?: string;
  /** Any of these severities (one for an exact match, the upper levels for "at least"). */
  severities?: Level[];
  /** Assessments that raised this category (its level was not `none`). */
  category?: CategoryId;
  action?: Action;
  /** created_at >= this instant. */
  from?: string;
  /** created_at < this instant. */
  toExclusive?: string;
};

/** Keyset position in the newest-first order: the last row already returned. */
export type SearchCursor = { createdAt: string; id: string };

type BacktestRow = {
  id: string;
  tenant_id: string;
  mode: string;
  conversation_id: string;
  text: string | null;
  speaker_type: SpeakerType;
  severity: Level;
  action: Action;
  response: string;
};

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
  'raised_categories',
  'response',
  'late_refinement',
  'shadow_findings',
  'request_id',
  'created_at',
];

@Injectable()
export class AssessmentRepository
  implements ConversationHistoryPort, LateRefinementRecorderPort, BacktestHistoryPort
{
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
        row.raisedCategories,
        row.response,
        row.lateRefinement,
        row.shadowFindings,
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

  /** Turn numbers and severities from the first turn through `lastTurn`, in order. */
  severitiesThrough(key: ConversationKey, lastTurn: number) {
    return this.db.manager.find(AssessmentEntity, {
      where: { ...key, turnNumber: LessThanOrEqual(lastTurn) },
      order: { turnNumber: 'ASC' },
      select: { turnNumber: true, severity: true },
    });
  }

  /**
   * A tenant's stored assessments matching `search`, newest first (created_at, then id),
   * `limit` rows after `after`. Parameters only; the index on (tenant_id, mode, created_at, id)
   * serves the order.
   */
  search(
    search: AssessmentSearch,
    after: SearchCursor | null,
    limit: number,
  ): Promise<AssessmentEntity[]> {
    const query = this.db.manager
      .createQueryBuilder(AssessmentEntity, 'a')
      .where('a.tenantId = :tenantId', { tenantId: search.tenantId })
      .andWhere('a.mode = :mode', { mode: search.mode });
    const equal = ['conversationId', 'userIdHash', 'characterId', 'action'] as const;
    for (const field of equal) {
      const value = search[field];
      if (value !== undefined) query.andWhere(`a.${field} = :${field}`, { [field]: value });
    }
    if (search.severities) {
      query.andWhere('a.severity IN (:...severities)', { severities: search.severities });
    }
    if (search.category) {
      query.andWhere(`a.raisedCategories LIKE :category ESCAPE '\\'`, {
        category: raisedCategoryPattern(search.category),
      });
    }
    if (search.from) query.andWhere('a.createdAt >= :from', { from: search.from });
    if (search.toExclusive) query.andWhere('a.createdAt < :to', { to: search.toExclusive });
    if (after) {
      query.andWhere('(a.createdAt < :afterAt OR (a.createdAt = :afterAt AND a.id < :afterId))', {
        afterAt: after.createdAt,
        afterId: after.id,
      });
    }
    return query.orderBy('a.createdAt', 'DESC').addOrderBy('a.id', 'DESC').limit(limit).getMany();
  }

  /**
   * Backtest history (SPEC 9): each stored conversation's turns in turn order, optionally one
   * tenant, one mode and since an instant, at most `limit` turns in all.
   */
  async *conversations(filter: BacktestFilter): AsyncIterable<StoredTurn[]> {
    const conditions: [string, unknown][] = [];
    if (filter.tenantId) conditions.push(['tenant_id = ?', filter.tenantId]);
    if (filter.mode) conditions.push(['mode = ?', filter.mode]);
    if (filter.since) conditions.push(['created_at >= ?', filter.since]);
    const where = conditions.map(([sql]) => sql);
    const params = conditions.map(([, value]) => value);
    const rows = await this.db.query<BacktestRow>(
      'SELECT id, tenant_id, mode, conversation_id, text, speaker_type, severity, action, response ' +
        `FROM assessment ${where.length ? `WHERE ${where.join(' AND ')} ` : ''}` +
        'ORDER BY tenant_id, mode, conversation_id, turn_number LIMIT ?',
      [...params, filter.limit ?? 10_000],
    );
    let current: StoredTurn[] = [];
    let key = '';
    for (const row of rows) {
      const rowKey = `${row.tenant_id}\0${row.mode}\0${row.conversation_id}`;
      if (rowKey !== key && current.length > 0) {
        yield current;
        current = [];
      }
      key = rowKey;
      current.push(toStoredTurn(row));
    }
    if (current.length > 0) yield current;
  }

  /** The conversations these assessments of one tenant belong to, e.g. to link backtest examples. */
  async conversationKeysOf(
    tenantId: string,
    ids: readonly string[],
  ): Promise<Map<string, ConversationKey>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.manager.find(AssessmentEntity, {
      where: { tenantId, id: In([...ids]) },
      select: { id: true, tenantId: true, mode: true, conversationId: true },
    });
    return new Map(
      rows.map((row) => [
        row.id,
        { tenantId: row.tenantId, mode: row.mode, conversationId: row.conversationId },
      ]),
    );
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

  /**
   * RETENTION_DAYS: deletes assessments stored before `cutoff`; returns how many. One delete
   * per tenant and mode, each a range of idx_assessment_recent: the table keeps no index on
   * created_at alone, which every stored turn would have to write.
   */
  async purgeOlderThan(cutoff: string): Promise<number> {
    const tenants = await this.db.manager.find(TenantEntity, { select: { id: true } });
    let deleted = 0;
    for (const tenant of tenants) {
      for (const mode of MODES) {
        const result = await this.db.write((manager) =>
          manager.delete(AssessmentEntity, {
            tenantId: tenant.id,
            mode,
            createdAt: LessThan(cutoff),
          }),
        );
        deleted += result.affected ?? 0;
      }
    }
    return deleted;
  }
}

function toStoredTurn(row: BacktestRow): StoredTurn {
  const response = JSON.parse(row.response) as { categories?: Record<string, { level?: Level }> };
  const categoryLevels = Object.fromEntries(
    CATEGORY_IDS.map((c) => [c, response.categories?.[c]?.level ?? 'none']),
  ) as Record<CategoryId, Level>;
  return {
    assessmentId: row.id,
    text: row.text,
    speakerType: row.speaker_type,
    severity: row.severity,
    action: row.action,
    categoryLevels,
  };
}
