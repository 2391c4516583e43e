/** Queue settings, read from the environment once at boot. */
export type QueueConfig = {
  /** BullMQ on this Redis when set; the inline driver otherwise. */
  redisUrl: string | undefined;
  /** Redis key prefix for every queue (lets test suites and tenants of one Redis stay apart). */
  prefix: string;
  /**
   * Start workers at boot without the worker module (`QUEUE_WORKERS=true`). Normally the
   * worker module (`--role worker|all`) starts them, and `--role api` leaves them off.
   */
  runWorkers: boolean;
  /** Jobs one worker process runs at a time per queue (LLM calls are I/O bound). */
  concurrency: number;
  removeOnCompleteAgeSeconds: number;
  removeOnFailAgeSeconds: number;
  /** How long a caller that timed out keeps listening for the late result. */
  lateResultWindowMs: number;
  /** How long shutdown waits for running jobs before it stops them. */
  drainTimeoutMs: number;
};

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

export function queueConfigFromEnv(env: NodeJS.ProcessEnv = process.env): QueueConfig {
  return {
    redisUrl: env.REDIS_URL || undefined,
    prefix: env.QUEUE_PREFIX || 'ca',
    runWorkers: env.QUEUE_WORKERS === 'true',
    concurrency: positiveInt(env.QUEUE_CONCURRENCY, 32, 'QUEUE_CONCURRENCY'),
    removeOnCompleteAgeSeconds: positiveInt(
      env.QUEUE_REMOVE_ON_COMPLETE_AGE_S,
      3600,
      'QUEUE_REMOVE_ON_COMPLETE_AGE_S',
    ),
    removeOnFailAgeSeconds: positiveInt(
      env.QUEUE_REMOVE_ON_FAIL_AGE_S,
      86400,
      'QUEUE_REMOVE_ON_FAIL_AGE_S',
    ),
    drainTimeoutMs: positiveInt(env.QUEUE_DRAIN_TIMEOUT_MS, 30000, 'QUEUE_DRAIN_TIMEOUT_MS'),
    lateResultWindowMs: positiveInt(
      env.LLM_LATE_RESULT_WINDOW_MS,
      60000,
      'LLM_LATE_RESULT_WINDOW_MS',
    ),
  };
}
