import { randomFillSync } from 'node:crypto';

/**
 * Storage conventions shared by every entity, chosen so one schema runs on SQLite and
 * PostgreSQL alike: ids are UUIDs made in the app, instants are ISO-8601 UTC strings
 * (`2026-01-31T12:00:00.000Z`, sortable as text), JSON is text. A JSON transformer keeps
 * the entity types honest.
 */

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Ids made close in
 * time sort close together, so rows inserted together land on the same primary-key index
 * pages instead of one random page each (random v4 ids cost about a third more pages per
 * turn written to SQLite's WAL). Ids are identifiers, never secrets: the creation time
 * they reveal is stored beside them anyway.
 */
export function newId(): string {
  const bytes = randomFillSync(Buffer.allocUnsafe(16));
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const nowIso = (): string => new Date().toISOString();

export const ISO_INSTANT = { type: 'varchar', length: 32 } as const;

export const jsonText = <T>() => ({
  to: (value: T | null | undefined): string | null =>
    value === null || value === undefined ? null : JSON.stringify(value),
  from: (value: string | null): T | null => (value === null ? null : (JSON.parse(value) as T)),
});
