import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Mode } from '../../engine/taxonomy';
import { Database } from '../database';

export type DailyUsageRow = { day: string; mode: Mode; count: number; billable: number };

/** Live assessments are the billable ones (SPEC 13). */
const isBillable = (mode: Mode): boolean => mode === 'live';

@Injectable()
export class UsageRepository {
  constructor(private readonly db: Database) {}

  /**
   * Counts one stored assessment, inside its transaction. On PostgreSQL the counter row stays
   * locked until COMMIT, so every turn of a tenant's day queues on it: callers run this as
   * the last statement of the transaction, which keeps that wait to the commit itself.
   */
  async countAssessment(
    manager: EntityManager,
    unit: { tenantId: string; mode: Mode; day: string },
  ): Promise<void> {
    await this.db.query(
      'INSERT INTO usage_daily (tenant_id, day, mode, units, billable_units) VALUES (?, ?, ?, 1, ?) ' +
        'ON CONFLICT (tenant_id, day, mode) DO UPDATE SET units = usage_daily.units + 1, ' +
        'billable_units = usage_daily.billable_units + excluded.billable_units',
      [unit.tenantId, unit.day, unit.mode, isBillable(unit.mode) ? 1 : 0],
      manager,
    );
  }

  async dailyCounts(tenantId: string, fromDay: string, toDay: string): Promise<DailyUsageRow[]> {
    const rows = await this.db.query<{
      day: string;
      mode: Mode;
      units: string | number;
      billable_units: string | number;
    }>(
      'SELECT day, mode, units, billable_units FROM usage_daily ' +
        'WHERE tenant_id = ? AND day >= ? AND day <= ? ORDER BY day, mode',
      [tenantId, fromDay, toDay],
    );
    return rows.map((row) => ({
      day: row.day,
      mode: row.mode,
      count: Number(row.units),
      billable: Number(row.billable_units),
    }));
  }
}
