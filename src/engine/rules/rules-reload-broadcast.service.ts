import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { RulesEngineService, type ReloadResult } from './rules-engine.service';

export type BroadcastReloadResult = ReloadResult & {
  /** Whether the other instances were asked to reload too (REDIS_URL set, reload ok). */
  broadcast: boolean;
};

type ReloadMessage = { origin: string; rulesVersion: string };

/**
 * A reload asked of one instance (admin API, CLI, portal) reaches them all: after a successful
 * local reload the instance publishes on `<prefix>:rules:reload`, and every other instance
 * reloads from its own rules folder (the same files in a normal deployment: one image or a
 * shared volume). Each keeps its running set if its own reload fails, and logs the outcome.
 * Without REDIS_URL there is one instance and nothing to tell.
 */
@Injectable()
export class RulesReloadBroadcast implements OnModuleInit, OnApplicationShutdown {
  private readonly instanceId = randomUUID();
  private readonly channel: string;
  private publisher?: Redis;
  private subscriber?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly engine: RulesEngineService,
  ) {
    this.channel = `${config.redis.keyPrefix}:rules:reload`;
  }

  onModuleInit(): void {
    const { url } = this.config.redis;
    if (!url) return;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.subscriber = new Redis(url);
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', () => undefined); // readiness reports Redis; a reload logs its own
    }
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel === this.channel) void this.onMessage(raw);
    });
    // Not awaited: start-up must not wait for Redis; ioredis subscribes again on reconnect.
    this.subscriber.subscribe(this.channel).catch((error: Error) => {
      this.logger.warn({ err: error.message }, 'rules reload: cannot subscribe to broadcasts');
    });
  }

  /** Reloads here, then asks the other instances to reload. */
  async reloadEverywhere(): Promise<BroadcastReloadResult> {
    const result = await this.engine.reload();
    if (!result.ok || !this.publisher) return { ...result, broadcast: false };
    const message: ReloadMessage = { origin: this.instanceId, rulesVersion: result.rulesVersion };
    try {
      await this.publisher.publish(this.channel, JSON.stringify(message));
      return { ...result, broadcast: true };
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message },
        'rules reload: reloaded here, but could not tell the other instances',
      );
      return { ...result, broadcast: false };
    }
  }

  private async onMessage(raw: string): Promise<void> {
    let message: ReloadMessage;
    try {
      message = JSON.parse(raw) as ReloadMessage;
    } catch {
      return;
    }
    if (message.origin === this.instanceId) return;
    const result = await this.engine.reload();
    const log = { requested: message.rulesVersion, serving: result.rulesVersion, ok: result.ok };
    if (result.ok && result.rulesVersion === message.rulesVersion) {
      this.logger.info(log, 'rules reload: reloaded on another instance’s request');
    } else {
      this.logger.warn(log, 'rules reload: this instance does not serve the requested rules');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      [this.subscriber, this.publisher].map((connection) =>
        connection?.quit().catch(() => connection.disconnect()),
      ),
    );
  }
}
