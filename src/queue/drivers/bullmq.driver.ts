import { Logger } from '@nestjs/common';
import { Queue, QueueEvents, Worker } from 'bullmq';
import IORedis, { type RedisOptions } from 'ioredis';
import type { JobHandler, JobRequest, QueueDriver, WaitOutcome } from '../queue-driver';
import type { QueueConfig } from '../queue.config';
import type { QueueName } from '../queue.constants';
import { waitWithin } from '../wait-within';

type OpenQueue = { queue: Queue; events: QueueEvents };

const CLOSE_STEP_MS = 2000;

/** True when `work` settled within `ms`; false when the wait gave up. */
async function settleWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * BullMQ on Redis. Each queue gets one `Queue` and one shared `QueueEvents` (created at boot,
 * reused by every waiter); workers run in this process only after `startWorkers()`, so the
 * same driver serves API-only, worker-only and combined processes.
 */
export class BullmqQueueDriver implements QueueDriver {
  readonly kind = 'bullmq' as const;
  private readonly logger = new Logger(BullmqQueueDriver.name);
  private readonly open = new Map<QueueName, OpenQueue>();
  private readonly handlers = new Map<QueueName, JobHandler<unknown, unknown>>();
  private readonly workers: Worker[] = [];
  private readonly connections: IORedis[] = [];
  /** Last error logged per component, so an outage logs once, not every reconnect attempt. */
  private readonly lastError = new Map<string, string>();

  constructor(private readonly config: QueueConfig & { redisUrl: string }) {}

  /** Opens the queues and their event streams; call once at boot. */
  async openQueues(names: readonly QueueName[]): Promise<void> {
    await Promise.all(names.map((name) => this.openQueue(name)));
  }

  registerHandler<Data, Result>(queueName: QueueName, handler: JobHandler<Data, Result>): void {
    if (this.handlers.has(queueName)) throw new Error(`Queue ${queueName} already has a handler`);
    this.handlers.set(queueName, handler as JobHandler<unknown, unknown>);
  }

  async startWorkers(): Promise<void> {
    for (const [queueName, handler] of this.handlers) {
      if (this.workers.some((worker) => worker.name === queueName)) continue;
      const worker = new Worker(queueName, (job) => handler(job.data), {
        connection: this.connect({ maxRetriesPerRequest: null }),
        prefix: this.config.prefix,
        concurrency: this.config.concurrency,
      });
      worker.on('error', (error) => this.warnOnce(`worker ${queueName}`, error));
      this.workers.push(worker);
      await worker.waitUntilReady();
    }
  }

  async runAndWait<Data, Result>(
    job: JobRequest<Data>,
    timeoutMs: number,
  ): Promise<WaitOutcome<Result>> {
    const { queue, events } = await this.openQueue(job.queue);
    const finished = queue
      .add(job.name, job.data, {
        jobId: job.jobId,
        attempts: 1,
        removeOnComplete: { age: this.config.removeOnCompleteAgeSeconds },
        removeOnFail: { age: this.config.removeOnFailAgeSeconds },
      })
      .then(
        (added) =>
          added.waitUntilFinished(events, this.config.lateResultWindowMs) as Promise<Result>,
      );
    return waitWithin(finished, timeoutMs);
  }

  async depth(queueName: QueueName): Promise<number> {
    const { queue } = await this.openQueue(queueName);
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  async close(): Promise<void> {
    // Workers first: `close()` lets active jobs finish (the drain), then the shared listeners.
    // With Redis unreachable a graceful close never completes: drop the connections first
    // and force-close instead, so shutdown is always bounded.
    const reachable = this.connections.every((connection) => connection.status === 'ready');
    const drained =
      reachable &&
      (await settleWithin(
        Promise.allSettled(this.workers.map((worker) => worker.close())),
        this.config.drainTimeoutMs,
      ));
    if (!drained) {
      for (const connection of this.connections) connection.disconnect();
      await settleWithin(
        Promise.allSettled(this.workers.map((worker) => worker.close(true))),
        CLOSE_STEP_MS,
      );
    }
    await settleWithin(
      Promise.allSettled(
        [...this.open.values()].flatMap(({ queue, events }) => [events.close(), queue.close()]),
      ),
      CLOSE_STEP_MS,
    );
    for (const connection of this.connections) connection.disconnect();
    this.open.clear();
  }

  private readonly opening = new Map<QueueName, Promise<OpenQueue>>();

  private openQueue(name: QueueName): Promise<OpenQueue> {
    let opening = this.opening.get(name);
    if (!opening) {
      opening = this.createQueue(name);
      this.opening.set(name, opening);
      opening.catch(() => this.opening.delete(name));
    }
    return opening;
  }

  private async createQueue(name: QueueName): Promise<OpenQueue> {
    // Commands fail fast while Redis is away instead of queueing: the request has a deadline.
    const queue = new Queue(name, {
      connection: this.connect({ maxRetriesPerRequest: 1, enableOfflineQueue: false }),
      prefix: this.config.prefix,
    });
    queue.on('error', (error) => this.warnOnce(`queue ${name}`, error));
    const events = new QueueEvents(name, {
      connection: this.connect({ maxRetriesPerRequest: null }),
      prefix: this.config.prefix,
    });
    events.on('error', (error) => this.warnOnce(`queue events ${name}`, error));
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const opened = { queue, events };
    this.open.set(name, opened);
    return opened;
  }

  private warnOnce(component: string, error: Error): void {
    if (this.lastError.get(component) === error.message) return;
    this.lastError.set(component, error.message);
    this.logger.warn(`Redis error in ${component}: ${error.message}`);
  }

  private connect(options: RedisOptions): IORedis {
    const connection = new IORedis(this.config.redisUrl, options);
    connection.on('error', () => {
      // Reported by the BullMQ objects that own the connection; avoid an unhandled 'error'.
    });
    this.connections.push(connection);
    return connection;
  }
}
