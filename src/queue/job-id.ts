import { createHash } from 'node:crypto';

/**
 * A BullMQ-safe deterministic job id. The parts (tenant, mode, conversation, event id) may
 * contain `:`, which BullMQ rejects in custom ids, and an all-digit id is also rejected; a
 * prefixed hex digest of the parts avoids both and keeps the id short.
 */
export function deterministicJobId(prefix: string, parts: readonly string[]): string {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);
  return `${prefix}-${digest}`;
}
