/** Queue and job names (kebab-case queues, `<module>.<verb>-<noun>` jobs). */
export const QUEUE_NAMES = ['llm-refinement'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const JOB_NAMES = ['llm.refine-assessment'] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** Injection token of the active `QueueDriver` (inline or BullMQ). */
export const QUEUE_DRIVER = Symbol('QUEUE_DRIVER');
export const QUEUE_CONFIG = Symbol('QUEUE_CONFIG');
