import { randomFillSync } from 'node:crypto';
import { ulid } from 'ulid';

/**
 * ulid's default PRNG asks the OS for one random byte per character (16 syscalls-worth of
 * crypto calls per id, ~5% of a request's CPU in the HTTP bench). This one draws the same
 * cryptographic bytes in blocks and hands them out one at a time.
 */
const BLOCK_BYTES = 4096;
const pool = new Uint8Array(BLOCK_BYTES);
let next = BLOCK_BYTES;

export function pooledRandomFraction(): number {
  if (next === BLOCK_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] / 256;
}

export const newRequestId = (): string => `req_${ulid(undefined, pooledRandomFraction)}`;
