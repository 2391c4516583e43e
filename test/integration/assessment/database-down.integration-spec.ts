import request from 'supertest';
import { Client } from 'pg';
import { makeEvent } from '../../factories/event.factory';
import { createTenant } from '../../factories/tenant.factory';
import { createTestApp, type TestApp } from '../../utils/test-app';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database';

async function until(condition: () => Promise<boolean>, attempts = 50): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not reached');
}

/** SPEC 8: when the database cannot be reached, 503 service_unavailable with Retry-After. */
describe('database unreachable', () => {
  let db: TestDatabase;
  let harness: TestApp;
  let databaseName: string;

  const admin = async (sql: string) => {
    const client = new Client({
      connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    databaseName = new URL(db.env.DATABASE_URL).pathname.slice(1);
    harness = await createTestApp({ env: db.env });
  }, 60_000);

  afterAll(async () => {
    await harness?.close().catch(() => undefined);
    await admin(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await db?.drop();
  });

  it('answers 503 on assess and readyz, and recovers when the database is back', async () => {
    const tenant = await createTenant(harness.app);
    const event = () => ({ event: makeEvent() });
    await request(harness.http)
      .post('/v1/conversation-analytics/assess')
      .set('Authorization', `Bearer ${tenant.key}`)
      .send(event())
      .expect(200);

    await admin(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
    await admin(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${databaseName}'`,
    );

    // pg_terminate_backend only signals: wait until the pool has really lost its connections.
    await until(async () => (await request(harness.http).get('/readyz')).status === 503);
    for (let attempt = 0; attempt < 2; attempt++) {
      const down = await request(harness.http)
        .post('/v1/conversation-analytics/assess')
        .set('Authorization', `Bearer ${tenant.key}`)
        .send(event());
      expect(down.status).toBe(503);
      expect(down.body.error).toMatchObject({ type: 'api_error', code: 'service_unavailable' });
      expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    }
    const ready = await request(harness.http).get('/readyz').expect(503);
    expect(ready.body.error.code).toBe('service_unavailable');
    await request(harness.http).get('/healthz').expect(200);

    await admin(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
    await until(async () => (await request(harness.http).get('/readyz')).status === 200);
    await request(harness.http)
      .post('/v1/conversation-analytics/assess')
      .set('Authorization', `Bearer ${tenant.key}`)
      .send(event())
      .expect(200);
  }, 60_000);
});
