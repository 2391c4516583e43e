import { randomUUID } from 'node:crypto';

/**
 * Storage conventions shared by every entity, chosen so one schema runs on SQLite and
 * PostgreSQL alike: ids are UUIDs made in the app, instants are ISO-8601 UTC strings
 * (`2026-01-31T12:00:00.000Z`, sortable as text), JSON is text. A JSON transformer keeps
 * the entity types honest.
 */
export const newId = (): string => randomUUID();
export const nowIso = (): string => new Date().toISOString();

export const ISO_INSTANT = { type: 'varchar', length: 32 } as const;

export const jsonText = <T>() => ({
  to: (value: T | null | undefined): string | null =>
    value === null || value === undefined ? null : JSON.stringify(value),
  from: (value: string | null): T | null => (value === null ? null : (JSON.parse(value) as T)),
});
