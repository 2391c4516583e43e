import request from 'supertest';
import { AssessmentRepository } from '../../../src/persistence/repositories/assessment.repository';
import { makeEvent } from '../../factories/event.factory';
import { createKey, createTenant } from '../../factories/tenant.factory';
import { createTestApp, type TestApp } from '../../utils/test-app';
import {
  createTestDatabase,
  type DatabaseKind,
  type TestDatabase,
} from '../../utils/test-database';

const OLD = '2020-01-01T00:00:00.000Z';

/** RETENTION_DAYS deletes every tenant's and mode's assessments stored before the cutoff, only those. */
describe.each<DatabaseKind>(['sqlite', 'postgres'])('retention purge on %s', (kind) => {
  let db: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp({ env: db.env });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const assess = (key: string) =>
    request(t.http)
      .post('/v1/conversation-analytics/assess')
      .set('Authorization', `Bearer ${key}`)
      .send({ event: makeEvent() })
      .expect(200);

  it('deletes the old assessments of every tenant and mode and keeps the recent ones', async () => {
    const tenants = [await createTenant(t.app), await createTenant(t.app)];
    const keys = [];
    for (const tenant of tenants) {
      keys.push(tenant.key, (await createKey(t.app, tenant.tenantId, { mode: 'live' })).key);
    }
    for (const key of keys) {
      await assess(key);
      await assess(key);
    }
    // One of each key's two assessments is made old.
    const ids = (await t.dataSource.query('SELECT id FROM assessment ORDER BY id')) as {
      id: string;
    }[];
    const old = ids.filter((_, index) => index % 2 === 0).map((row) => row.id);
    const param = kind === 'postgres' ? '$1' : '?';
    for (const id of old) {
      await t.dataSource.query(`UPDATE assessment SET created_at = '${OLD}' WHERE id = ${param}`, [
        id,
      ]);
    }

    const repository = t.app.get(AssessmentRepository);
    expect(await repository.purgeOlderThan('2021-01-01T00:00:00.000Z')).toBe(old.length);
    const left = (await t.dataSource.query('SELECT id FROM assessment ORDER BY id')) as {
      id: string;
    }[];
    expect(left.map((row) => row.id)).toEqual(
      ids.map((row) => row.id).filter((id) => !old.includes(id)),
    );
    // Two tenants, four keys and eight turns over HTTP: more than jest's 5 s on a busy machine.
  }, 30_000);
});
