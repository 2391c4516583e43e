import type { JobHandler, JobRequest, QueueDriver, WaitOutcome } from '../queue-driver';
import type { QueueName } from '../queue.constants';
import { waitWithin } from '../wait-within';

type Finished = { result: unknown; expiresAt: number };

/**
 * The embedded driver: runs the registered handler in this process under the same deadline
 * as BullMQ. Jobs are deduplicated by id like BullMQ does: a job already running is joined,
 * a finished one answers from memory until its `removeOnComplete` age passes.
 */
export class InlineQueueDriver implements QueueDriver {
  readonly kind = 'inline' as const;
  private readonly handlers = new Map<QueueName, JobHandler<unknown, unknown>>();
  private readonly running = new Map<string, { queue: QueueName; work: Promise<unknown> }>();
  /** Insertion order = expiry order (one age for all), so pruning stops at the first live one. */
  private readonly finished = new Map<string, Finished>();
  private closing = false;

  constructor(private readonly keepFinishedMs: number) {}

  registerHandler<Data, Result>(queue: QueueName, handler: JobHandler<Data, Result>): void {
    if (this.handlers.has(queue)) throw new Error(`Queue ${queue} already has a handler`);
    this.handlers.set(queue, handler as JobHandler<unknown, unknown>);
  }

  async startWorkers(): Promise<void> {
    // Handlers run in the caller's process: nothing to start.
  }

  async runAndWait<Data, Result>(
    job: JobRequest<Data>,
    timeoutMs: number,
  ): Promise<WaitOutcome<Result>> {
    if (this.closing) throw new Error('Queue is shutting down');
    this.pruneFinished();
    const key = `${job.queue}/${job.jobId}`;
    const done = this.finished.get(key);
    if (done) return { status: 'completed', result: done.result as Result };

    let entry = this.running.get(key);
    if (!entry) {
      const handler = this.handlers.get(job.queue);
      if (!handler) throw new Error(`No handler registered for queue ${job.queue}`);
      const work = handler(job.data)
        .then((result) => {
          this.finished.set(key, { result, expiresAt: Date.now() + this.keepFinishedMs });
          return result;
        })
        .finally(() => this.running.delete(key));
      entry = { queue: job.queue, work };
      this.running.set(key, entry);
    }
    return waitWithin(entry.work as Promise<Result>, timeoutMs);
  }

  async depth(queue: QueueName): Promise<number> {
    let count = 0;
    for (const entry of this.running.values()) if (entry.queue === queue) count += 1;
    return count;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running.values()].map((entry) => entry.work));
  }

  private pruneFinished(): void {
    const now = Date.now();
    for (const [key, entry] of this.finished) {
      if (entry.expiresAt > now) break;
      this.finished.delete(key);
    }
  }
}
