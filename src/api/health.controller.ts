import { Controller, Get, Header, Inject, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { register, Registry } from 'prom-client';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import { Metrics } from '../observability/metrics';
import { Database } from '../persistence/database';

/** Public operational routes: liveness, readiness and Prometheus metrics. */
@Controller()
export class HealthController implements OnApplicationShutdown {
  private redis?: Redis;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly db: Database,
    private readonly metrics: Metrics,
  ) {
    if (config.redis.url) {
      this.redis = new Redis(config.redis.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      });
      this.redis.on('error', () => undefined); // reported through /readyz, not as a crash
    }
  }

  @Get('healthz')
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz(): Promise<{ status: 'ready'; checks: Record<string, 'ok' | 'not_configured'> }> {
    const checks: Record<string, 'ok' | 'not_configured'> = {};
    try {
      await this.db.ping();
      checks.database = 'ok';
    } catch {
      throw this.unavailable('database');
    }
    if (!this.redis) {
      checks.redis = 'not_configured';
    } else {
      try {
        if (this.redis.status === 'wait' || this.redis.status === 'end') await this.redis.connect();
        await this.redis.ping();
        checks.redis = 'ok';
      } catch {
        throw this.unavailable('redis');
      }
    }
    return { status: 'ready', checks };
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  metricsText(): Promise<string> {
    // The LLM stage and the queue report on prom-client's default registry.
    return Registry.merge([this.metrics.registry, register]).metrics();
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }

  private unavailable(dependency: string): ApiError {
    return new ApiError('service_unavailable', `The ${dependency} is unreachable.`, {
      headers: { 'Retry-After': '5' },
    });
  }
}
