import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Mode } from '../../engine/taxonomy';
import { Database } from '../database';
import { UsageRecordEntity } from '../entities/usage-record.entity';

export type DailyUsageRow = { day: string; mode: Mode; count: number; billable: number };

@Injectable()
export class UsageRepository {
  constructor(private readonly db: Database) {}

  async insert(manager: EntityManager, record: UsageRecordEntity): Promise<void> {
    await this.db.query(
      'INSERT INTO usage_record (id, tenant_id, mode, billable, day, assessment_id, created_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?)',
      [
        record.id,
        record.tenantId,
        record.mode,
        record.billable,
        record.day,
        record.assessmentId,
        record.createdAt,
      ],
      manager,
    );
  }

  async dailyCounts(tenantId: string, fromDay: string, toDay: string): Promise<DailyUsageRow[]> {
    const rows = await this.db.manager
      .createQueryBuilder(UsageRecordEntity, 'usage')
      .select('usage.day', 'day')
      .addSelect('usage.mode', 'mode')
      .addSelect('COUNT(*)', 'count')
      .addSelect('SUM(CASE WHEN usage.billable THEN 1 ELSE 0 END)', 'billable')
      .where('usage.tenant_id = :tenantId', { tenantId })
      .andWhere('usage.day >= :fromDay AND usage.day <= :toDay', { fromDay, toDay })
      .groupBy('usage.day')
      .addGroupBy('usage.mode')
      .orderBy('usage.day', 'ASC')
      .getRawMany<{ day: string; mode: Mode; count: string | number; billable: string | number }>();
    return rows.map((row) => ({
      day: row.day,
      mode: row.mode,
      count: Number(row.count),
      billable: Number(row.billable),
    }));
  }
}
