import { randomUUID } from 'node:crypto';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const INSERT_BATCH = 500;

type Counter = {
  tenant_id: string;
  day: string;
  mode: string;
  units: number;
  billable_units: number;
};

/**
 * Usage as daily counters (issue 2): one row per tenant, UTC day and mode, upserted by every
 * stored assessment, instead of one usage_record row per assessment; the per-turn insert
 * (and its index entry) was among the dearest statements of the assess route. Existing rows
 * are folded into counters, so `GET /v1/usage` answers exactly as before. Dialect-neutral:
 * Table API and plain SQL both dialects accept.
 */
export class UsageDailyCounters1764200000000 implements MigrationInterface {
  name = 'UsageDailyCounters1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'usage_daily',
        columns: [
          { name: 'tenant_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'mode', type: 'varchar', length: '16', isPrimary: true },
          { name: 'units', type: 'integer' },
          { name: 'billable_units', type: 'integer' },
        ],
      }),
    );
    await queryRunner.query(
      'INSERT INTO usage_daily (tenant_id, day, mode, units, billable_units) ' +
        'SELECT tenant_id, day, mode, COUNT(*), SUM(CASE WHEN billable THEN 1 ELSE 0 END) ' +
        'FROM usage_record GROUP BY tenant_id, day, mode',
    );
    await queryRunner.dropTable('usage_record');
  }

  /**
   * Back to one row per unit. What the counters no longer know is filled in: each row gets a
   * new id, an empty assessment_id and the start of its day as created_at.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'usage_record',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'tenant_id', type: 'varchar', length: '36' },
          { name: 'mode', type: 'varchar', length: '16' },
          { name: 'billable', type: 'boolean' },
          { name: 'day', type: 'varchar', length: '10' },
          { name: 'assessment_id', type: 'varchar', length: '36' },
          { name: 'created_at', type: 'varchar', length: '32' },
        ],
        indices: [
          new TableIndex({ name: 'idx_usage_tenant_day', columnNames: ['tenant_id', 'day'] }),
        ],
      }),
    );
    const counters = (await queryRunner.query(
      'SELECT tenant_id, day, mode, units, billable_units FROM usage_daily',
    )) as Counter[];
    let rows: Record<string, unknown>[] = [];
    const flush = async () => {
      if (rows.length) {
        await queryRunner.manager
          .createQueryBuilder()
          .insert()
          .into('usage_record')
          .values(rows)
          .execute();
      }
      rows = [];
    };
    for (const counter of counters) {
      for (let unit = 0; unit < Number(counter.units); unit++) {
        rows.push({
          id: randomUUID(),
          tenant_id: counter.tenant_id,
          mode: counter.mode,
          billable: unit < Number(counter.billable_units),
          day: counter.day,
          assessment_id: '',
          created_at: `${counter.day}T00:00:00.000Z`,
        });
        if (rows.length === INSERT_BATCH) await flush();
      }
    }
    await flush();
    await queryRunner.dropTable('usage_daily');
  }
}
