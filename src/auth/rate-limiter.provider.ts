import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import { MemoryRateLimiter, type RateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

export const RATE_LIMITER = Symbol('RATE_LIMITER');

/** Owns the limiter's Redis connection, so shutdown closes it. */
@Injectable()
export class RateLimiterConnection implements OnApplicationShutdown {
  readonly redis?: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { url } = config.redis;
    if (!url || config.limits.rateLimitPerWindow === 0) return;
    // No offline queue and one retry: a request must never wait on a Redis that is down; the
    // limiter then falls back to this instance's counters.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis.on('error', () => undefined); // reported by the limiter's fallback warning
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}

/** Scaled out (REDIS_URL set): one limit per key across instances; embedded: in memory. */
export const rateLimiterProvider: Provider = {
  provide: RATE_LIMITER,
  inject: [APP_CONFIG, RateLimiterConnection, LOGGER],
  useFactory: (
    config: AppConfig,
    connection: RateLimiterConnection,
    logger: Logger,
  ): RateLimiter => {
    const limit = config.limits.rateLimitPerWindow;
    const windowMs = config.limits.rateLimitWindowSeconds * 1000;
    const local = new MemoryRateLimiter(limit, windowMs);
    if (!connection.redis) return local;
    return new RedisRateLimiter(
      connection.redis,
      { limit, windowMs, prefix: config.redis.keyPrefix },
      local,
      logger,
    );
  },
};
