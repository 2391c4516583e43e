import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../../migrations';
import { UsageDailyCounters1764200000000 } from '../../../migrations/1764200000000-UsageDailyCounters';
import { DatabaseConfig } from '../../../src/config/app.config';
import { dataSourceOptions } from '../../../src/persistence/data-source';
import {
  createTestDatabase,
  type DatabaseKind,
  type TestDatabase,
} from '../../utils/test-database';

const config = (env: Record<string, string>): DatabaseConfig =>
  Object.assign(new DatabaseConfig(), {
    url: env.DATABASE_URL,
    sqlitePath: env.SQLITE_PATH ?? ':memory:',
  });

const UP_TO_COUNTERS = MIGRATIONS.slice(0, MIGRATIONS.indexOf(UsageDailyCounters1764200000000) + 1);

const open = async (env: Record<string, string>, migrations: typeof MIGRATIONS) => {
  const dataSource = new DataSource({ ...dataSourceOptions(config(env)), migrations });
  await dataSource.initialize();
  return dataSource;
};

describe.each<DatabaseKind>(['sqlite', 'postgres'])('usage counters migration on %s', (kind) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('folds per-assessment usage rows into daily counters, and back on revert', async () => {
    const before = await open(db.env, UP_TO_COUNTERS.slice(0, -1));
    await before.runMigrations({ transaction: 'each' });
    const row = (id: string, tenant: string, mode: string, day: string) => ({
      id,
      tenant_id: tenant,
      mode,
      billable: mode === 'live',
      day,
      assessment_id: `a_${id}`,
      created_at: `${day}T10:00:00.000Z`,
    });
    await before
      .createQueryBuilder()
      .insert()
      .into('usage_record')
      .values([
        row('1', 't1', 'live', '2026-11-01'),
        row('2', 't1', 'live', '2026-11-01'),
        row('3', 't1', 'test', '2026-11-01'),
        row('4', 't1', 'live', '2026-11-02'),
        row('5', 't2', 'playground', '2026-11-01'),
      ])
      .execute();
    await before.destroy();

    const after = await open(db.env, UP_TO_COUNTERS);
    try {
      await after.runMigrations({ transaction: 'each' });
      const counters = (await after.query(
        'SELECT tenant_id, day, mode, units, billable_units FROM usage_daily ORDER BY tenant_id, day, mode',
      )) as Record<string, string | number>[];
      expect(
        counters.map((c) => ({
          ...c,
          units: Number(c.units),
          billable_units: Number(c.billable_units),
        })),
      ).toEqual([
        { tenant_id: 't1', day: '2026-11-01', mode: 'live', units: 2, billable_units: 2 },
        { tenant_id: 't1', day: '2026-11-01', mode: 'test', units: 1, billable_units: 0 },
        { tenant_id: 't1', day: '2026-11-02', mode: 'live', units: 1, billable_units: 1 },
        { tenant_id: 't2', day: '2026-11-01', mode: 'playground', units: 1, billable_units: 0 },
      ]);

      await after.undoLastMigration({ transaction: 'each' });
      const rows = (await after.query(
        'SELECT tenant_id, day, mode, billable FROM usage_record ORDER BY tenant_id, day, mode',
      )) as { tenant_id: string; day: string; mode: string; billable: boolean | number }[];
      expect(rows.map((r) => [r.tenant_id, r.day, r.mode, Boolean(r.billable)])).toEqual([
        ['t1', '2026-11-01', 'live', true],
        ['t1', '2026-11-01', 'live', true],
        ['t1', '2026-11-01', 'test', false],
        ['t1', '2026-11-02', 'live', true],
        ['t2', '2026-11-01', 'playground', false],
      ]);
    } finally {
      await after.destroy();
    }
  });
});
