import request from 'supertest';
import { makeEvent } from '../factories/event.factory';
import { createKey, createTenant, type TestTenant } from '../factories/tenant.factory';
import { rowCounts } from '../utils/db-counts';
import { MarkerStage } from '../utils/scripted-stages';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createTestDatabase, type TestDatabase } from '../utils/test-database';

/**
 * SPEC 8: every bad request answers with the documented status, type, code and param,
 * never echoes the submitted text, and stores, counts and bills nothing.
 */
// Generous: the machine is shared, and the real rule set loads at start.
jest.setTimeout(30_000);

const ASSESS = '/v1/conversation-analytics/assess';
const MARKER = 'PRIVATE-TURN-TEXT-7f3a';

type Keys = { assessKey: string; readOnlyKey: string; revokedKey: string };
type Expected = { status: number; type: string; code: string; param?: string };
type Case = {
  name: string;
  send: (http: TestApp['http'], keys: Keys) => request.Test;
  expected: Expected;
};

const event = (overrides: Record<string, unknown> = {}) => ({
  ...makeEvent({ text: `hello ${MARKER}` }),
  ...overrides,
});
const without = (field: string) => {
  const copy: Record<string, unknown> = event();
  delete copy[field];
  return copy;
};

const post = (
  http: TestApp['http'],
  key: string | null,
  body: unknown,
  contentType = 'application/json',
) => {
  const call = request(http).post(ASSESS).set('Content-Type', contentType);
  if (key) call.set('Authorization', `Bearer ${key}`);
  return call.send(typeof body === 'string' ? body : JSON.stringify(body));
};
const postEvent = (fields: Record<string, unknown>) => (http: TestApp['http'], keys: Keys) =>
  post(http, keys.assessKey, { event: fields });

const invalid = (param: string): Expected => ({
  status: 400,
  type: 'invalid_request_error',
  code: 'invalid_request',
  param,
});

const CASES: Case[] = [
  // Body syntax and shape
  {
    name: 'malformed JSON',
    send: (h, k) => post(h, k.assessKey, `{"event": {"text": "${MARKER}"`),
    expected: { status: 400, type: 'invalid_request_error', code: 'invalid_json' },
  },
  {
    name: 'JSON with a trailing comma',
    send: (h, k) => post(h, k.assessKey, `{"event": {"text": "${MARKER}",}}`),
    expected: { status: 400, type: 'invalid_request_error', code: 'invalid_json' },
  },
  {
    name: 'body is an array',
    send: (h, k) => post(h, k.assessKey, [event()]),
    expected: invalid('event'),
  },
  {
    name: 'body is a string',
    send: (h, k) => post(h, k.assessKey, `"${MARKER}"`),
    expected: invalid('event'),
  },
  {
    name: 'body is null',
    send: (h, k) => post(h, k.assessKey, 'null'),
    expected: invalid('event'),
  },
  { name: 'empty object', send: (h, k) => post(h, k.assessKey, {}), expected: invalid('event') },
  {
    name: 'event is a string',
    send: (h, k) => post(h, k.assessKey, { event: MARKER }),
    expected: invalid('event'),
  },
  {
    name: 'event is an array',
    send: (h, k) => post(h, k.assessKey, { event: [event()] }),
    expected: invalid('event'),
  },
  // eventId
  {
    name: 'eventId missing',
    send: postEvent(without('eventId')),
    expected: invalid('event.eventId'),
  },
  {
    name: 'eventId is a number',
    send: postEvent(event({ eventId: 42 })),
    expected: invalid('event.eventId'),
  },
  {
    name: 'eventId empty',
    send: postEvent(event({ eventId: '' })),
    expected: invalid('event.eventId'),
  },
  {
    name: 'eventId with a space',
    send: postEvent(event({ eventId: 'evt 1' })),
    expected: invalid('event.eventId'),
  },
  {
    name: 'eventId of 129 chars',
    send: postEvent(event({ eventId: 'e'.repeat(129) })),
    expected: invalid('event.eventId'),
  },
  {
    name: 'eventId non-ASCII',
    send: postEvent(event({ eventId: 'evt_한글' })),
    expected: invalid('event.eventId'),
  },
  // conversationId
  {
    name: 'conversationId missing',
    send: postEvent(without('conversationId')),
    expected: invalid('event.conversationId'),
  },
  {
    name: 'conversationId null',
    send: postEvent(event({ conversationId: null })),
    expected: invalid('event.conversationId'),
  },
  {
    name: 'conversationId with a slash',
    send: postEvent(event({ conversationId: 'conv/1' })),
    expected: invalid('event.conversationId'),
  },
  // text
  { name: 'text missing', send: postEvent(without('text')), expected: invalid('event.text') },
  {
    name: 'text is a number',
    send: postEvent(event({ text: 7 })),
    expected: invalid('event.text'),
  },
  { name: 'text is null', send: postEvent(event({ text: null })), expected: invalid('event.text') },
  {
    name: 'text is an object',
    send: postEvent(event({ text: { value: MARKER } })),
    expected: invalid('event.text'),
  },
  {
    name: 'text over MAX_TEXT_CHARS',
    send: postEvent(event({ text: `${MARKER}${'a'.repeat(16_001)}` })),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      code: 'text_too_long',
      param: 'event.text',
    },
  },
  // optional fields
  {
    name: 'userIdHash is a number',
    send: postEvent(event({ userIdHash: 5 })),
    expected: invalid('event.userIdHash'),
  },
  {
    name: 'userIdHash with bad characters',
    send: postEvent(event({ userIdHash: 'u#1' })),
    expected: invalid('event.userIdHash'),
  },
  {
    name: 'turnIndex negative',
    send: postEvent(event({ turnIndex: -1 })),
    expected: invalid('event.turnIndex'),
  },
  {
    name: 'turnIndex fractional',
    send: postEvent(event({ turnIndex: 1.5 })),
    expected: invalid('event.turnIndex'),
  },
  {
    name: 'turnIndex as a string',
    send: postEvent(event({ turnIndex: '3' })),
    expected: invalid('event.turnIndex'),
  },
  {
    name: 'speakerType unknown',
    send: postEvent(event({ speakerType: 'bot' })),
    expected: invalid('event.speakerType'),
  },
  {
    name: 'speakerType a number',
    send: postEvent(event({ speakerType: 1 })),
    expected: invalid('event.speakerType'),
  },
  {
    name: 'timestamp not a date',
    send: postEvent(event({ timestamp: 'yesterday' })),
    expected: invalid('event.timestamp'),
  },
  {
    name: 'timestamp month 13',
    send: postEvent(event({ timestamp: '2025-13-01T00:00:00Z' })),
    expected: invalid('event.timestamp'),
  },
  {
    name: 'timestamp February 30',
    send: postEvent(event({ timestamp: '2025-02-30T00:00:00.000Z' })),
    expected: invalid('event.timestamp'),
  },
  {
    name: 'timestamp without offset',
    send: postEvent(event({ timestamp: '2025-03-14T09:26:53' })),
    expected: invalid('event.timestamp'),
  },
  {
    name: 'timestamp a number',
    send: postEvent(event({ timestamp: 1710408413 })),
    expected: invalid('event.timestamp'),
  },
  {
    name: 'characterId too long',
    send: postEvent(event({ characterId: `char_${'x'.repeat(124)}` })),
    expected: invalid('event.characterId'),
  },
  // transport limits
  {
    name: 'body over MAX_BODY_BYTES',
    send: (h, k) => post(h, k.assessKey, { event: event({ text: 'a'.repeat(70_000) }) }),
    expected: { status: 413, type: 'invalid_request_error', code: 'payload_too_large' },
  },
  {
    name: 'Content-Type text/plain',
    send: (h, k) => post(h, k.assessKey, { event: event() }, 'text/plain'),
    expected: { status: 415, type: 'invalid_request_error', code: 'unsupported_media_type' },
  },
  {
    name: 'Content-Type form-urlencoded',
    send: (h, k) => post(h, k.assessKey, `text=${MARKER}`, 'application/x-www-form-urlencoded'),
    expected: { status: 415, type: 'invalid_request_error', code: 'unsupported_media_type' },
  },
  // auth
  {
    name: 'no Authorization header',
    send: (h) => post(h, null, { event: event() }),
    expected: { status: 401, type: 'authentication_error', code: 'missing_api_key' },
  },
  {
    name: 'Basic instead of Bearer',
    send: (h) => post(h, null, { event: event() }).set('Authorization', 'Basic dXNlcjpwYXNz'),
    expected: { status: 401, type: 'authentication_error', code: 'invalid_api_key' },
  },
  {
    name: 'unknown key',
    send: (h) => post(h, `ca_test_${'A'.repeat(32)}`, { event: event() }),
    expected: { status: 401, type: 'authentication_error', code: 'invalid_api_key' },
  },
  {
    name: 'not a key at all',
    send: (h) => post(h, 'sk-something', { event: event() }),
    expected: { status: 401, type: 'authentication_error', code: 'invalid_api_key' },
  },
  {
    name: 'revoked key',
    send: (h, k) => post(h, k.revokedKey, { event: event() }),
    expected: { status: 401, type: 'authentication_error', code: 'invalid_api_key' },
  },
  {
    name: 'key without the assess scope',
    send: (h, k) => post(h, k.readOnlyKey, { event: event() }),
    expected: { status: 403, type: 'permission_error', code: 'insufficient_scope' },
  },
  // Idempotency-Key
  {
    name: 'Idempotency-Key over 255 chars',
    send: (h, k) =>
      post(h, k.assessKey, { event: event() }).set('Idempotency-Key', 'k'.repeat(256)),
    expected: invalid('Idempotency-Key'),
  },
  // routes
  {
    name: 'unknown route',
    send: (h, k) =>
      request(h)
        .post('/v1/nope')
        .set('Authorization', `Bearer ${k.assessKey}`)
        .set('Content-Type', 'application/json')
        .send('{}'),
    expected: { status: 404, type: 'invalid_request_error', code: 'not_found' },
  },
  {
    name: 'GET on the assess route',
    send: (h, k) => request(h).get(ASSESS).set('Authorization', `Bearer ${k.assessKey}`),
    expected: { status: 404, type: 'invalid_request_error', code: 'not_found' },
  },
  {
    name: 'usage with a bad date',
    send: (h, k) =>
      request(h).get('/v1/usage?from=31-12-2025').set('Authorization', `Bearer ${k.assessKey}`),
    expected: invalid('from'),
  },
  {
    name: 'conversation page limit 0',
    send: (h, k) =>
      request(h)
        .get('/v1/conversation-analytics/conversations/conv_x?limit=0')
        .set('Authorization', `Bearer ${k.assessKey}`),
    expected: invalid('limit'),
  },
  {
    name: 'live key reading test-mode data',
    send: (h, k) =>
      request(h)
        .get('/v1/conversation-analytics/conversations/conv_x?mode=test')
        .set('Authorization', `Bearer ${k.assessKey}`),
    expected: { status: 403, type: 'permission_error', code: 'insufficient_scope', param: 'mode' },
  },
  {
    name: 'unknown conversation',
    send: (h, k) =>
      request(h)
        .get('/v1/conversation-analytics/conversations/conv_unknown')
        .set('Authorization', `Bearer ${k.assessKey}`),
    expected: {
      status: 404,
      type: 'invalid_request_error',
      code: 'not_found',
      param: 'conversationId',
    },
  },
];

describe('bad requests', () => {
  let db: TestDatabase;
  let harness: TestApp;
  let tenant: TestTenant;
  let keys: Keys;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    harness = await createTestApp({ env: db.env, stages: [new MarkerStage()] });
    tenant = await createTenant(harness.app, { mode: 'live', scopes: ['assess', 'read'] });
    const readOnly = await createKey(harness.app, tenant.tenantId, { scopes: ['read'] });
    const revoked = await createKey(harness.app, tenant.tenantId);
    const { ApiKeyService } = await import('../../src/auth/api-key.service');
    await harness.app.get(ApiKeyService).revoke(revoked.keyId);
    keys = { assessKey: tenant.key, readOnlyKey: readOnly.key, revokedKey: revoked.key };
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await db?.drop();
  }, 60_000);

  it('has at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES)('$name', async ({ send, expected }) => {
    const before = await rowCounts(harness.dataSource, tenant.tenantId);
    const response = await send(harness.http, keys);
    expect(response.status).toBe(expected.status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const { error } = response.body as { error: Record<string, unknown> };
    expect(error).toEqual({
      type: expected.type,
      code: expected.code,
      message: expect.any(String),
      ...(expected.param ? { param: expected.param } : {}),
      request_id: expect.stringMatching(/^req_[0-9A-Z]{26}$/),
    });
    expect(response.text).not.toContain(MARKER);
    expect(response.text).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
    if (expected.status === 401) expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(await rowCounts(harness.dataSource, tenant.tenantId)).toEqual(before);
  });

  it('rejects an Idempotency-Key reused with another body, storing nothing more', async () => {
    const key = crypto.randomUUID();
    await post(harness.http, keys.assessKey, { event: makeEvent() })
      .set('Idempotency-Key', key)
      .expect(200);
    const before = await rowCounts(harness.dataSource, tenant.tenantId);
    const response = await post(harness.http, keys.assessKey, { event: makeEvent() }).set(
      'Idempotency-Key',
      key,
    );
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      type: 'idempotency_error',
      code: 'idempotency_key_reused',
    });
    expect(await rowCounts(harness.dataSource, tenant.tenantId)).toEqual(before);
    const usage = await request(harness.http)
      .get('/v1/usage')
      .set('Authorization', `Bearer ${keys.assessKey}`);
    expect(usage.body.totals.billable).toBe(before.usage_units);
  });
});

describe('per-key rate limit', () => {
  let db: TestDatabase;
  let harness: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    harness = await createTestApp({
      env: { ...db.env, RATE_LIMIT_REQUESTS: '3', RATE_LIMIT_WINDOW_SECONDS: '60' },
      stages: [new MarkerStage()],
    });
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await db?.drop();
  }, 60_000);

  it('answers 429 with Retry-After and RateLimit-* once a key exceeds its window', async () => {
    const tenant = await createTenant(harness.app);
    const other = await createKey(harness.app, tenant.tenantId);
    for (let i = 0; i < 3; i++) {
      const ok = await post(harness.http, tenant.key, { event: makeEvent() }).expect(200);
      expect(ok.headers['ratelimit-limit']).toBe('3');
      expect(ok.headers['ratelimit-remaining']).toBe(String(2 - i));
    }
    const before = await rowCounts(harness.dataSource, tenant.tenantId);
    const limited = await post(harness.http, tenant.key, { event: makeEvent() }).expect(429);
    expect(limited.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(await rowCounts(harness.dataSource, tenant.tenantId)).toEqual(before);
    // Another key of the same tenant has its own budget.
    await post(harness.http, other.key, { event: makeEvent() }).expect(200);
  });
});
