import request from 'supertest';
import { CATEGORY_IDS } from '../../src/engine/taxonomy';
import { makeEvent, newConversationId } from '../factories/event.factory';
import { createKey, createTenant, type TestTenant } from '../factories/tenant.factory';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../utils/test-database';
import { rowCounts } from '../utils/db-counts';

// Generous: the machine is shared, and the real rule set loads at start.
jest.setTimeout(30_000);

const ASSESS = '/v1/conversation-analytics/assess';

/** The seed's result for ordinary small talk on a first turn (SPEC 3). */
const noneResult = (eventId: string, conversationId: string) => ({
  eventId,
  conversationId,
  severity: 'none',
  action: 'none',
  categories: Object.fromEntries(
    CATEGORY_IDS.map((id) => [id, { score: 0, level: 'none', subcategories: [] }]),
  ),
  reasons: [],
  conversation: {
    severity: 'none',
    current: 'none',
    categories: Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])),
    turns: 1,
  },
});

describe.each<DatabaseKind>(['sqlite', 'postgres'])('assess over HTTP on %s', (kind) => {
  let db: TestDatabase;
  let harness: TestApp;
  let tenant: TestTenant;

  const assess = (key: string, event: object, idempotencyKey?: string) => {
    const call = request(harness.http)
      .post(ASSESS)
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/json');
    if (idempotencyKey) call.set('Idempotency-Key', idempotencyKey);
    return call.send({ event });
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    harness = await createTestApp({ env: db.env });
    tenant = await createTenant(harness.app);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await db?.drop();
  }, 60_000);

  it.each([
    ['English', 'Hi! How was your day? Mine was pretty relaxing, I watched a movie.'],
    ['Korean', '안녕! 오늘 하루 어땠어? 나는 영화 보면서 푹 쉬었어.'],
  ])('small talk in %s gives exactly the none-result with the full shape', async (_lang, text) => {
    const event = makeEvent({ text });
    const response = await assess(tenant.key, event, crypto.randomUUID()).expect(200);
    const { engine, request_id, mode, ...assessment } = response.body as Record<string, unknown>;
    expect(Object.keys(response.body as object)).toEqual([
      'eventId',
      'conversationId',
      'severity',
      'action',
      'categories',
      'reasons',
      'conversation',
      'engine',
      'request_id',
      'mode',
    ]);
    expect(assessment).toEqual(noneResult(event.eventId, event.conversationId));
    expect(engine).toEqual({
      stages: ['rules'],
      model: 'none',
      latencyMs: expect.any(Number),
      rulesVersion: expect.any(String),
    });
    expect(Number.isInteger((engine as { latencyMs: number }).latencyMs)).toBe(true);
    expect(request_id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(response.headers['request-id']).toBe(request_id);
    expect(mode).toBe('test');
  });

  it('keeps conversation state across turns and counts usage per mode', async () => {
    const live = await createKey(harness.app, tenant.tenantId, { mode: 'live' });
    const conversationId = newConversationId();
    for (let turn = 0; turn < 3; turn++) {
      const response = await assess(
        live.key,
        makeEvent({ conversationId, turnIndex: turn }),
      ).expect(200);
      expect(response.body.mode).toBe('live');
      expect(response.body.conversation.turns).toBe(turn + 1);
    }
    // The test key's state for the same conversationId is kept apart from live.
    const testTurn = await assess(tenant.key, makeEvent({ conversationId })).expect(200);
    expect(testTurn.body.conversation.turns).toBe(1);

    const usage = await request(harness.http)
      .get('/v1/usage')
      .set('Authorization', `Bearer ${tenant.key}`)
      .expect(200);
    expect(usage.body.totals).toMatchObject({ live: 3, billable: 3, playground: 0 });
    expect(usage.body.totals.test).toBeGreaterThanOrEqual(1);
  });

  it('applies turns of one conversation that arrive together once each, none lost', async () => {
    // Each turn reads the state on arrival; all but one find it changed when they write and
    // apply to the row as it is by then.
    const conversationId = newConversationId();
    await assess(tenant.key, makeEvent({ conversationId })).expect(200);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => assess(tenant.key, makeEvent({ conversationId }))),
    );
    const turns = responses.map((response) => response.body.conversation.turns as number);
    expect([...turns].sort((a, b) => a - b)).toEqual(responses.map((_, index) => index + 2));
    const last = await assess(tenant.key, makeEvent({ conversationId })).expect(200);
    expect(last.body.conversation.turns).toBe(14);
  });

  it('returns the stored assessment for a duplicate eventId and changes nothing', async () => {
    const event = makeEvent();
    const first = await assess(tenant.key, event).expect(200);
    const before = await rowCounts(harness.dataSource, tenant.tenantId);
    const again = await assess(tenant.key, event).expect(200);
    expect({ ...again.body, request_id: 'x' }).toEqual({ ...first.body, request_id: 'x' });
    expect(again.body.conversation.turns).toBe(1);
    expect(await rowCounts(harness.dataSource, tenant.tenantId)).toEqual(before);

    const conflict = await assess(tenant.key, { ...event, text: 'something else' }).expect(409);
    expect(conflict.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'event_conflict',
      param: 'event.eventId',
    });
    expect(await rowCounts(harness.dataSource, tenant.tenantId)).toEqual(before);
  });

  it('replays an Idempotency-Key byte for byte without billing again', async () => {
    const live = await createKey(harness.app, tenant.tenantId, { mode: 'live' });
    const key = crypto.randomUUID();
    const event = makeEvent();
    const first = await assess(live.key, event, key).expect(200);
    const before = await rowCounts(harness.dataSource, tenant.tenantId);
    const replay = await assess(live.key, event, key).expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(await rowCounts(harness.dataSource, tenant.tenantId)).toEqual(before);

    const reused = await assess(live.key, { ...event, text: 'other' }, key).expect(422);
    expect(reused.body.error).toMatchObject({
      type: 'idempotency_error',
      code: 'idempotency_key_reused',
    });
  });

  it('answers 409 while a key is in progress, and takes over a claim abandoned past its lease', async () => {
    const { IdempotencyRepository } =
      await import('../../src/persistence/repositories/idempotency.repository');
    const { requestHash } = await import('../../src/api/idempotency-key');
    const records = harness.app.get(IdempotencyRepository);
    const event = makeEvent();
    const hash = requestHash('assess', { event });
    const day = 86_400_000;

    const live = await records.claim(tenant.tenantId, 'key-in-flight', hash, day, 60_000);
    expect(live.claimed).toBe(true);
    const busy = await assess(tenant.key, event, 'key-in-flight').expect(409);
    expect(busy.body.error).toMatchObject({ code: 'idempotency_key_in_use' });
    expect(busy.headers['retry-after']).toBe('1');

    // A claim from ten minutes ago that never finished: its process died mid-request.
    const { IdempotencyRecordEntity } =
      await import('../../src/persistence/entities/idempotency-record.entity');
    await records.claim(tenant.tenantId, 'key-abandoned', hash, day, 60_000);
    await harness.dataSource
      .createQueryBuilder()
      .update(IdempotencyRecordEntity)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where('idempotency_key = :key', { key: 'key-abandoned' })
      .execute();
    const taken = await assess(tenant.key, event, 'key-abandoned');
    expect(taken.status).toBe(200);
  });

  it('stores known fields only, with text retained (redacted by default)', async () => {
    const event = { ...makeEvent(), secretField: 'never stored' };
    await assess(tenant.key, event).expect(200);
    const page = await request(harness.http)
      .get(`/v1/conversation-analytics/conversations/${event.conversationId}`)
      .set('Authorization', `Bearer ${tenant.key}`)
      .expect(200);
    expect(page.body.state.turns).toBe(1);
    const [stored] = page.body.assessments;
    expect(stored).toMatchObject({
      eventId: event.eventId,
      turnIndex: event.turnIndex,
      userIdHash: event.userIdHash,
      characterId: event.characterId,
      timestamp: event.timestamp,
      speakerType: 'user',
      text: event.text,
    });
    expect(JSON.stringify(page.body)).not.toContain('never stored');
  });

  it('masks the spans of pii reasons in the stored text (RETENTION_TEXT=redacted)', async () => {
    const card = '4111 1111 1111 1111';
    const event = makeEvent({ text: `ok here is my card ${card} thanks` });
    const response = await assess(tenant.key, event).expect(200);
    expect(response.body.categories.pii.level).not.toBe('none');
    const piiSpans = (
      response.body.reasons as { category: string; spans: { start: number; end: number }[] }[]
    )
      .filter((reason) => reason.category === 'pii')
      .flatMap((reason) => reason.spans);
    expect(piiSpans.length).toBeGreaterThan(0);
    expect(response.text).not.toContain(card);

    const page = await request(harness.http)
      .get(`/v1/conversation-analytics/conversations/${event.conversationId}`)
      .set('Authorization', `Bearer ${tenant.key}`)
      .expect(200);
    const stored: string = page.body.assessments[0].text;
    expect(stored).toHaveLength(event.text.length);
    expect(stored).not.toContain(card);
    // Exactly the pii spans are masked; every other character is kept.
    const masked = event.text.split('');
    for (const span of piiSpans) for (let i = span.start; i < span.end; i++) masked[i] = '*';
    expect(stored).toBe(masked.join(''));
  });

  it('paginates a conversation in arrival order', async () => {
    const conversationId = newConversationId();
    for (let turn = 0; turn < 5; turn++) {
      await assess(tenant.key, makeEvent({ conversationId, turnIndex: turn })).expect(200);
    }
    const url = `/v1/conversation-analytics/conversations/${conversationId}`;
    const auth = `Bearer ${tenant.key}`;
    const first = await request(harness.http)
      .get(`${url}?limit=2`)
      .set('Authorization', auth)
      .expect(200);
    expect(first.body.assessments.map((a: { turn: number }) => a.turn)).toEqual([1, 2]);
    expect(first.body).toMatchObject({ has_more: true, next_cursor: '2' });
    const last = await request(harness.http)
      .get(`${url}?limit=2&cursor=4`)
      .set('Authorization', auth)
      .expect(200);
    expect(last.body.assessments.map((a: { turn: number }) => a.turn)).toEqual([5]);
    expect(last.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('revokes a key at once', async () => {
    const extra = await createKey(harness.app, tenant.tenantId);
    await assess(extra.key, makeEvent()).expect(200);
    const { ApiKeyService } = await import('../../src/auth/api-key.service');
    await harness.app.get(ApiKeyService).revoke(extra.keyId);
    const denied = await assess(extra.key, makeEvent()).expect(401);
    expect(denied.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(denied.body.error.code).toBe('invalid_api_key');
  });

  it('keeps tenants apart for the same conversationId', async () => {
    const other = await createTenant(harness.app);
    const conversationId = newConversationId();
    await assess(tenant.key, makeEvent({ conversationId })).expect(200);
    await assess(tenant.key, makeEvent({ conversationId })).expect(200);
    const theirs = await assess(other.key, makeEvent({ conversationId })).expect(200);
    expect(theirs.body.conversation.turns).toBe(1);
    const url = `/v1/conversation-analytics/conversations/${conversationId}`;
    const mine = await request(harness.http).get(url).set('Authorization', `Bearer ${tenant.key}`);
    expect(mine.body.state.turns).toBe(2);
    const seen = await request(harness.http).get(url).set('Authorization', `Bearer ${other.key}`);
    expect(seen.body.state.turns).toBe(1);
    expect(seen.body.assessments).toHaveLength(1);
    // The same eventId under another tenant is a new turn there, not a conflict.
    const event = makeEvent();
    await assess(tenant.key, event).expect(200);
    const cross = await assess(other.key, { ...event, text: 'different text' }).expect(200);
    expect(cross.body.conversation.turns).toBe(1);
  });

  it('serves health, readiness, metrics, OpenAPI and docs without a key', async () => {
    await request(harness.http).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(harness.http).get('/readyz').expect(200);
    expect(ready.body.checks.database).toBe('ok');
    const metrics = await request(harness.http).get('/metrics').expect(200);
    expect(metrics.text).toContain('http_request_duration_seconds_bucket');
    expect(metrics.text).toContain('assessment_stage_duration_seconds');
    const openapi = await request(harness.http).get('/openapi.json').expect(200);
    expect(openapi.body.paths['/v1/conversation-analytics/assess'].post).toBeDefined();
    const docs = await request(harness.http).get('/docs').expect(200);
    expect(docs.text).toContain('/docs/assets/swagger-ui-bundle.js');
    await request(harness.http).get('/docs/assets/swagger-ui-bundle.js').expect(200);
  });
});
