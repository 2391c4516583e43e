import type Redis from 'ioredis';
import type { Logger } from 'pino';
import {
  decide,
  windowIndex,
  type MemoryRateLimiter,
  type RateDecision,
  type RateLimiter,
} from './rate-limiter';

/** At most one warning per minute while Redis is unreachable (every request would log one). */
const WARN_EVERY_MS = 60_000;

/**
 * One limit per key across every instance: a counter per key and window in Redis
 * (`<prefix>:ratelimit:<keyId>:<window>`, INCR then PEXPIRE in one MULTI, so a counter never
 * outlives its window by more than a second). When Redis does not answer, the limit falls back
 * to this instance's own counters rather than refusing or waving through every request.
 */
export class RedisRateLimiter implements RateLimiter {
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly options: { limit: number; windowMs: number; prefix: string },
    private readonly fallback: MemoryRateLimiter,
    private readonly logger: Logger,
  ) {}

  get enabled(): boolean {
    return this.options.limit > 0;
  }

  async take(key: string, now = Date.now()): Promise<RateDecision> {
    const { limit, windowMs, prefix } = this.options;
    const counter = `${prefix}:ratelimit:${key}:${windowIndex(now, windowMs)}`;
    try {
      const replies = await this.redis
        .multi()
        .incr(counter)
        .pexpire(counter, windowMs + 1000)
        .exec();
      const [error, count] = replies?.[0] ?? [new Error('empty MULTI reply'), null];
      if (error) throw error;
      return decide(Number(count), limit, windowMs, now);
    } catch (error) {
      this.warn(error);
      return this.fallback.takeNow(key, now);
    }
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'rate limiter: Redis unavailable, limiting per instance until it answers',
    );
  }
}
