import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { BullmqQueueDriver } from './drivers/bullmq.driver';
import { InlineQueueDriver } from './drivers/inline.driver';
import type { QueueDriver } from './queue-driver';
import { queueConfigFromEnv, type QueueConfig } from './queue.config';
import { QUEUE_CONFIG, QUEUE_DRIVER, QUEUE_NAMES } from './queue.constants';
import { trackQueueDepth } from './queue-metrics';

export function createQueueDriver(config: QueueConfig): QueueDriver {
  if (config.redisUrl) return new BullmqQueueDriver({ ...config, redisUrl: config.redisUrl });
  return new InlineQueueDriver(config.removeOnCompleteAgeSeconds * 1000);
}

/**
 * Provides the queue driver: BullMQ when `REDIS_URL` is set, inline otherwise. Feature
 * modules register their own handlers on it (there is no central jobs module). On shutdown
 * the driver drains: running jobs finish before connections close.
 */
@Global()
@Module({})
export class QueueModule implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private untrack?: () => void;

  constructor(
    @Inject(QUEUE_DRIVER) private readonly driver: QueueDriver,
    @Inject(QUEUE_CONFIG) private readonly config: QueueConfig,
  ) {}

  static register(overrides: Partial<QueueConfig> = {}): DynamicModule {
    const config: QueueConfig = { ...queueConfigFromEnv(), ...overrides };
    return {
      module: QueueModule,
      providers: [
        { provide: QUEUE_CONFIG, useValue: config },
        { provide: QUEUE_DRIVER, useFactory: () => createQueueDriver(config) },
      ],
      exports: [QUEUE_CONFIG, QUEUE_DRIVER],
    };
  }

  async onModuleInit(): Promise<void> {
    if (this.driver instanceof BullmqQueueDriver) await this.driver.openQueues(QUEUE_NAMES);
    this.untrack = trackQueueDepth(this.driver);
  }

  /** After every module registered its handlers (onModuleInit). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.runWorkers) await this.driver.startWorkers();
  }

  async onApplicationShutdown(): Promise<void> {
    this.untrack?.();
    await this.driver.close();
  }
}
