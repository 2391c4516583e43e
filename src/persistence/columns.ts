import { randomFillSync } from 'node:crypto';

/**
 * Storage conventions shared by every entity, chosen so one schema runs on SQLite and
 * PostgreSQL alike: ids are UUIDs made in the app, instants are ISO-8601 UTC strings
 * (`2026-01-31T12:00:00.000Z`, sortable as text), JSON is text. A JSON transformer keeps
 * the entity types honest.
 */

/** Random bytes drawn in blocks: one crypto call per id was most of an id's cost. */
const RANDOM_BYTES_PER_ID = 10;
const randomPool = Buffer.alloc(RANDOM_BYTES_PER_ID * 400);
let poolOffset = randomPool.length;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Ids made close in
 * time sort close together, so rows inserted together land on the same primary-key index
 * pages instead of one random page each (random v4 ids cost about a third more pages per
 * turn written to SQLite's WAL). Ids are identifiers, never secrets: the creation time
 * they reveal is stored beside them anyway.
 */
export function newId(): string {
  if (poolOffset === randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  const r = poolOffset;
  poolOffset += RANDOM_BYTES_PER_ID;
  const time = Date.now().toString(16).padStart(12, '0');
  const random = (index: number) => HEX[randomPool[r + index]];
  return (
    `${time.slice(0, 8)}-${time.slice(8)}-` +
    `7${(randomPool[r] & 0x0f).toString(16)}${random(1)}-` + // version 7, 12 random bits
    `${HEX[(randomPool[r + 2] & 0x3f) | 0x80]}${random(3)}-` + // RFC 9562 variant, 14 bits
    `${random(4)}${random(5)}${random(6)}${random(7)}${random(8)}${random(9)}`
  );
}

export const nowIso = (): string => new Date().toISOString();

export const ISO_INSTANT = { type: 'varchar', length: 32 } as const;

export const jsonText = <T>() => ({
  to: (value: T | null | undefined): string | null =>
    value === null || value === undefined ? null : JSON.stringify(value),
  from: (value: string | null): T | null => (value === null ? null : (JSON.parse(value) as T)),
});
