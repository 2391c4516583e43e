import request from 'supertest';
import { makeEvent, newConversationId } from '../../factories/event.factory';
import { createKey, createTenant } from '../../factories/tenant.factory';
import { rowCounts } from '../../utils/db-counts';
import { MarkerStage } from '../../utils/scripted-stages';
import { createTestApp, type TestApp } from '../../utils/test-app';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database';

const ASSESS = '/v1/conversation-analytics/assess';
const UNLIMITED = { RATE_LIMIT_REQUESTS: '0' };

/**
 * Two application instances (separate Nest apps, connection pools and memory) sharing one
 * PostgreSQL database, as behind a load balancer.
 */
describe('concurrency across two instances on PostgreSQL', () => {
  let db: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  const firstStage = new MarkerStage(5);
  const secondStage = new MarkerStage(5);

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    first = await createTestApp({ env: { ...db.env, ...UNLIMITED }, stages: [firstStage] });
    second = await createTestApp({
      env: { ...db.env, ...UNLIMITED, MIGRATE_ON_START: 'false' },
      stages: [secondStage],
    });
  }, 60_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await db?.drop();
  });

  const post = (app: TestApp, key: string, event: object, idempotencyKey?: string) => {
    const call = request(app.http)
      .post(ASSESS)
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/json');
    if (idempotencyKey) call.set('Idempotency-Key', idempotencyKey);
    return call.send({ event });
  };

  it('applies 200 parallel turns of one conversation exactly once each', async () => {
    const tenant = await createTenant(first.app, { mode: 'live' });
    const conversationId = newConversationId();
    const turns = Array.from({ length: 200 }, (_, index) =>
      makeEvent({
        conversationId,
        turnIndex: index,
        // every third turn carries a detection, so the category count is checked too
        text: index % 3 === 0 ? `turn ${index} #violence` : `turn ${index} small talk`,
      }),
    );
    const responses = await Promise.all(
      turns.map((event, index) => post(index % 2 === 0 ? first : second, tenant.key, event)),
    );
    expect(responses.map((response) => response.status)).toEqual(turns.map(() => 200));
    // Every turn saw a distinct position in the conversation: 1..200 once each.
    const positions = responses.map((response) => response.body.conversation.turns as number);
    expect([...positions].sort((a, b) => a - b)).toEqual(turns.map((_, index) => index + 1));

    const page = await request(first.http)
      .get(`/v1/conversation-analytics/conversations/${conversationId}?limit=1`)
      .set('Authorization', `Bearer ${tenant.key}`)
      .expect(200);
    const violent = turns.filter((_, index) => index % 3 === 0).length;
    expect(page.body.state).toMatchObject({
      turns: 200,
      severity: 'high',
      categories: expect.objectContaining({ violence: violent, pii: 0 }),
    });
    const [{ n: stateRows }] = await first.dataSource.query(
      'SELECT COUNT(*)::int AS n FROM conversation_state WHERE tenant_id = $1 AND conversation_id = $2',
      [tenant.tenantId, conversationId],
    );
    expect(stateRows).toBe(1);
    expect(await rowCounts(first.dataSource, tenant.tenantId)).toMatchObject({
      assessment: 200,
      conversation_state: 1,
      usage_units: 200,
    });
  }, 120_000);

  it('executes 20 parallel requests with one Idempotency-Key once and bills one unit', async () => {
    const slowStage = new MarkerStage(300);
    const slowDb = db; // same database, a dedicated pair of slow instances
    const slowA = await createTestApp({
      env: { ...slowDb.env, ...UNLIMITED, MIGRATE_ON_START: 'false' },
      stages: [slowStage],
    });
    const slowB = await createTestApp({
      env: { ...slowDb.env, ...UNLIMITED, MIGRATE_ON_START: 'false' },
      stages: [slowStage],
    });
    try {
      const tenant = await createTenant(slowA.app, { mode: 'live' });
      const idempotencyKey = crypto.randomUUID();
      const event = makeEvent();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          post(index % 2 === 0 ? slowA : slowB, tenant.key, event, idempotencyKey),
        ),
      );
      const ok = responses.filter((response) => response.status === 200);
      const busy = responses.filter((response) => response.status === 409);
      expect(ok.length + busy.length).toBe(20);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const response of busy) {
        expect(response.body.error).toMatchObject({
          type: 'idempotency_error',
          code: 'idempotency_key_in_use',
        });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(slowStage.executions).toBe(1);

      // Retrying after the first finished: every answer is the stored bytes, replayed.
      const replays = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          post(index % 2 === 0 ? slowA : slowB, tenant.key, event, idempotencyKey).expect(200),
        ),
      );
      const original = ok[0].text;
      for (const response of [...ok, ...replays]) expect(response.text).toBe(original);
      expect(replays.every((response) => response.headers['idempotent-replayed'] === 'true')).toBe(
        true,
      );
      expect(slowStage.executions).toBe(1);

      const usage = await request(slowA.http)
        .get('/v1/usage')
        .set('Authorization', `Bearer ${tenant.key}`)
        .expect(200);
      expect(usage.body.totals).toMatchObject({ live: 1, billable: 1 });
      expect(await rowCounts(slowA.dataSource, tenant.tenantId)).toEqual({
        assessment: 1,
        conversation_state: 1,
        usage_units: 1,
        idempotency_record: 1,
      });
    } finally {
      await slowA.close();
      await slowB.close();
    }
  }, 120_000);

  it('counts one turn when the same eventId arrives 10 times at once', async () => {
    const tenant = await createTenant(first.app, { mode: 'live' });
    const event = makeEvent({ text: 'same turn #violence' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => post(index % 2 ? first : second, tenant.key, event)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    const bodies = responses.map((response) => ({ ...response.body, request_id: 'x' }));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0].conversation).toMatchObject({ turns: 1, categories: { violence: 1 } });
    expect(await rowCounts(first.dataSource, tenant.tenantId)).toMatchObject({
      assessment: 1,
      conversation_state: 1,
      usage_units: 1,
    });
  }, 60_000);

  it('never mixes tenants that use the same conversationId concurrently', async () => {
    const a = await createTenant(first.app, { mode: 'live' });
    const b = await createTenant(second.app, { mode: 'live' });
    const bTestKey = await createKey(second.app, b.tenantId, { mode: 'test' });
    const conversationId = newConversationId();
    const calls = [
      ...Array.from({ length: 30 }, (_, i) =>
        post(first, a.key, makeEvent({ conversationId, text: `a ${i} #violence` })),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        post(second, b.key, makeEvent({ conversationId, text: `b ${i}` })),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        post(first, bTestKey.key, makeEvent({ conversationId, text: `t ${i}` })),
      ),
    ];
    const responses = await Promise.all(calls);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const state = async (app: TestApp, key: string) =>
      (
        await request(app.http)
          .get(`/v1/conversation-analytics/conversations/${conversationId}?limit=200`)
          .set('Authorization', `Bearer ${key}`)
          .expect(200)
      ).body;
    const seenByA = await state(second, a.key);
    const seenByB = await state(first, b.key);
    const seenByBTest = await state(first, bTestKey.key);
    expect(seenByA.state).toMatchObject({ turns: 30, severity: 'high' });
    expect(seenByA.state.categories.violence).toBe(30);
    expect(seenByB.state).toMatchObject({ turns: 20, severity: 'none' });
    expect(seenByBTest.state.turns).toBe(10);
    expect(seenByB.assessments.every((row: { text: string }) => row.text.startsWith('b '))).toBe(
      true,
    );
  }, 120_000);
});
