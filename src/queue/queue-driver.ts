import type { JobName, QueueName } from './queue.constants';

/** A job handler; it must resolve (report failures in its result) rather than throw. */
export type JobHandler<Data, Result> = (data: Data) => Promise<Result>;

export type JobRequest<Data> = {
  queue: QueueName;
  name: JobName;
  /** Deterministic id: the same logical job submitted twice runs once (see `job-id.ts`). */
  jobId: string;
  data: Data;
};

/**
 * What the caller learns within its deadline. On timeout the job keeps running and `late`
 * settles with its result (or rejects) once it finishes, so the caller can record it.
 */
export type WaitOutcome<Result> =
  { status: 'completed'; result: Result } | { status: 'timeout'; late: Promise<Result> };

/**
 * Two implementations: BullMQ (Redis, workers in this or other processes) and inline (the
 * same handler awaited in-process). Callers never know which one runs.
 */
export interface QueueDriver {
  readonly kind: 'inline' | 'bullmq';
  /** Registers the handler of a queue (each feature module registers its own). */
  registerHandler<Data, Result>(queue: QueueName, handler: JobHandler<Data, Result>): void;
  /**
   * Starts consuming with the registered handlers. Only worker processes call it (`--role
   * worker|all`); the inline driver always runs handlers in-process, so it is a no-op there.
   */
  startWorkers(): Promise<void>;
  /**
   * Submits the job (or joins the existing one with the same id) and waits at most
   * `timeoutMs`. Rejects when the queue itself fails (Redis down, handler threw).
   */
  runAndWait<Data, Result>(job: JobRequest<Data>, timeoutMs: number): Promise<WaitOutcome<Result>>;
  /** Jobs waiting or running on the queue (for the queue depth gauge). */
  depth(queue: QueueName): Promise<number>;
  /** Stops taking jobs, lets running ones finish, then releases connections. */
  close(): Promise<void>;
}
