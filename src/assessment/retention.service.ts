import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import { AssessmentRepository } from '../persistence/repositories/assessment.repository';
import { IdempotencyRepository } from '../persistence/repositories/idempotency.repository';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Hourly purge: assessments past RETENTION_DAYS and expired idempotency records. */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly assessments: AssessmentRepository,
    private readonly idempotency: IdempotencyRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async purge(now = Date.now()): Promise<{ assessments: number; idempotencyRecords: number }> {
    try {
      const days = this.config.retention.days;
      const assessments =
        days > 0
          ? await this.assessments.purgeOlderThan(new Date(now - days * 86_400_000).toISOString())
          : 0;
      const idempotencyRecords = await this.idempotency.purgeExpired();
      if (assessments + idempotencyRecords > 0) {
        this.logger.info({ assessments, idempotencyRecords }, 'retention purge');
      }
      return { assessments, idempotencyRecords };
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'retention purge failed');
      return { assessments: 0, idempotencyRecords: 0 };
    }
  }
}
