import request from 'supertest';
import type { TestTenant } from '../../factories/tenant.factory';
import { jsonVerdict, OpenAiCompatibleTestServer } from '../../utils/openai-compatible-test-server';
import type { TestApp } from '../../utils/test-app';
import {
  createTestDatabase,
  type DatabaseKind,
  type TestDatabase,
} from '../../utils/test-database';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from './llm-test-kit';

/**
 * The LLM stage inside the real application over HTTP: what the caller gets and what is
 * stored, with the inline driver on SQLite and BullMQ on PostgreSQL and Redis.
 */
jest.setTimeout(60_000);

const ASSESS = '/v1/conversation-analytics/assess';
const TIMEOUT_MS = 1500;

type Body = {
  eventId: string;
  severity: string;
  categories: Record<string, { level: string; subcategories: string[] }>;
  reasons: { stage: string; code: string; category: string | null }[];
  engine: { stages: string[]; model: string; latencyMs: number };
};

const setups: [string, DatabaseKind, string | undefined][] = [
  ['inline', 'sqlite', undefined],
  ['bullmq', 'postgres', REDIS_URL],
];

describe.each(setups)('LLM stage over HTTP with the %s driver on %s', (driver, kind, redisUrl) => {
  const server = new OpenAiCompatibleTestServer();
  const prefix = uniquePrefix(`llm-api-${driver}`);
  let db: TestDatabase;
  let harness: TestApp;
  let tenant: TestTenant;
  const saved = { ...process.env };

  beforeAll(async () => {
    await server.start();
    db = await createTestDatabase(kind);
    // The LLM and queue modules read their settings from the environment at import time.
    Object.assign(process.env, {
      LLM_BASE_URL: server.baseUrl,
      LLM_MODEL: 'http-model',
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
      LLM_LATE_GRACE_MS: '5000',
      QUEUE_PREFIX: prefix,
      QUEUE_WORKERS: 'true',
    });
    if (redisUrl) process.env.REDIS_URL = redisUrl;
    else delete process.env.REDIS_URL;
    let createTestApp!: typeof import('../../utils/test-app').createTestApp;
    let createTenant!: typeof import('../../factories/tenant.factory').createTenant;
    // A fresh module registry, so the modules see the environment set above.
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports */
      ({ createTestApp } = require('../../utils/test-app'));
      ({ createTenant } = require('../../factories/tenant.factory'));
      /* eslint-enable @typescript-eslint/no-require-imports */
    });
    harness = await createTestApp({
      env: { ...db.env, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
    });
    tenant = await createTenant(harness.app);
  });

  afterAll(async () => {
    await harness?.close();
    await server.stop();
    await db?.drop();
    if (redisUrl) await deleteRedisPrefix(prefix);
    process.env = saved;
  });

  let counter = 0;
  const assess = (text: string) => {
    counter += 1;
    const event = { eventId: `evt_llm_${counter}`, conversationId: `conv_llm_${driver}`, text };
    return request(harness.http)
      .post(ASSESS)
      .set('Authorization', `Bearer ${tenant.key}`)
      .set('Content-Type', 'application/json')
      .send({ event });
  };

  const stored = async (eventId: string) => {
    const row = (await harness.dataSource
      .createQueryBuilder()
      .select(['a.response AS response', 'a.late_refinement AS late'])
      .from('assessment', 'a')
      .where('a.event_id = :eventId AND a.tenant_id = :tenantId', {
        eventId,
        tenantId: tenant.tenantId,
      })
      .getRawOne()) as { response: string; late: string | null } | undefined;
    return (
      row && { response: JSON.parse(row.response) as Body, late: row.late && JSON.parse(row.late) }
    );
  };

  it('answers with the model result and stores exactly that answer', async () => {
    server.respond({
      kind: 'answer',
      content: jsonVerdict({ dependency: { score: 0.74, subcategories: ['emotional_reliance'] } }),
    });
    const res = await assess('you are the only one I can talk to').expect(200);
    const body = res.body as Body;
    expect(body.engine).toMatchObject({ stages: ['rules', 'llm'], model: 'http-model' });
    expect(body.categories.dependency).toMatchObject({
      level: 'high',
      subcategories: ['emotional_reliance'],
    });
    expect(body.reasons).toContainEqual(
      expect.objectContaining({ stage: 'llm', code: 'llm.dependency.emotional_reliance' }),
    );
    const row = await stored(body.eventId);
    expect(row?.response).toEqual(body);
    expect(row?.late).toBeNull();

    const metrics = (await request(harness.http).get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^ca_llm_outcomes_total\{outcome="ok"\} [1-9]/m);
    expect(metrics).toMatch(/^ca_llm_stage_duration_seconds_count\{outcome="ok"\} [1-9]/m);
    expect(metrics).toMatch(
      new RegExp(`^ca_queue_depth\\{queue="llm-refinement",driver="${driver}"\\} 0`, 'm'),
    );
  });

  it.each([
    ['a 500', { kind: 'status' as const, status: 500 }],
    ['a 429', { kind: 'status' as const, status: 429, headers: { 'retry-after': '20' } }],
    ['a non-JSON body', { kind: 'raw' as const, contentType: 'text/plain', body: 'oops' }],
    ['a dropped connection', { kind: 'drop' as const }],
  ])('answers 200 with the rules result on %s', async (_name, behaviour) => {
    server.respond(behaviour);
    const res = await assess('nice weather today').expect(200);
    const body = res.body as Body;
    expect(body.engine).toMatchObject({ stages: ['rules'], model: 'none' });
    expect(body.reasons).toContainEqual(
      expect.objectContaining({ stage: 'llm', code: 'llm_unavailable', category: null }),
    );
    expect((await stored(body.eventId))?.response).toEqual(body);
  });

  it('answers at the deadline and records the late model result on the stored assessment', async () => {
    server.respond({
      kind: 'answer',
      delayMs: TIMEOUT_MS + 700,
      content: jsonVerdict({ violence: { score: 0.8, subcategories: ['threat'] } }),
    });
    const started = Date.now();
    const res = await assess('a slow one').expect(200);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
    const body = res.body as Body;
    expect(body.engine.stages).toEqual(['rules']);
    expect(body.reasons.map((r) => r.code)).toContain('llm_unavailable');

    let row = await stored(body.eventId);
    const until = Date.now() + 8000;
    while (!row?.late && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await stored(body.eventId);
    }
    // The answer as sent is unchanged; the late result sits beside it.
    expect(row?.response).toEqual(body);
    expect(row?.late).toMatchObject({
      ran: true,
      model: 'http-model',
      categoryScores: { violence: 0.8 },
    });
  });
});
