import Redis from 'ioredis';
import pino from 'pino';
import request from 'supertest';
import { MemoryRateLimiter } from '../../../src/auth/rate-limiter';
import { RedisRateLimiter } from '../../../src/auth/redis-rate-limiter';
import { makeEvent, newConversationId } from '../../factories/event.factory';
import { createTenant } from '../../factories/tenant.factory';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../llm/llm-test-kit';
import { MarkerStage } from '../../utils/scripted-stages';
import { createTestApp, type TestApp } from '../../utils/test-app';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database';

const ASSESS = '/v1/conversation-analytics/assess';
// A day-long window: the test cannot straddle a window boundary (windows align to the epoch).
const LIMITED = { RATE_LIMIT_REQUESTS: '6', RATE_LIMIT_WINDOW_SECONDS: '86400' };

/** With REDIS_URL set, a key's limit holds across instances behind a load balancer. */
describe('rate limit across two instances sharing Redis', () => {
  const prefix = uniquePrefix('rate-limit');
  let db: TestDatabase;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    const env = { ...db.env, ...LIMITED, REDIS_URL, REDIS_KEY_PREFIX: prefix };
    first = await createTestApp({ env, stages: [new MarkerStage()] });
    second = await createTestApp({
      env: { ...env, MIGRATE_ON_START: 'false' },
      stages: [new MarkerStage()],
    });
  }, 60_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await db?.drop();
    await deleteRedisPrefix(prefix);
  });

  it('lets the limit through in total, whichever instance answers', async () => {
    const { key } = await createTenant(first.app);
    const conversationId = newConversationId();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? first : second;
      const response = await request(app.http)
        .post(ASSESS)
        .set('Authorization', `Bearer ${key}`)
        .send({ event: makeEvent({ conversationId }) });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.headers['ratelimit-remaining']).toBe('0');
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
  });
});

describe(RedisRateLimiter.name, () => {
  it('falls back to this instance when Redis does not answer, without waiting', async () => {
    // Nothing listens on port 1: every command fails at once (no offline queue).
    const dead = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    dead.on('error', () => undefined);
    const limiter = new RedisRateLimiter(
      dead,
      { limit: 2, windowMs: 60_000, prefix: 'unused' },
      new MemoryRateLimiter(2, 60_000),
      pino({ level: 'silent' }),
    );
    const decisions = [];
    for (let i = 0; i < 3; i++) decisions.push((await limiter.take('key_1', 1_000)).allowed);
    expect(decisions).toEqual([true, true, false]);
    dead.disconnect();
  });
});
