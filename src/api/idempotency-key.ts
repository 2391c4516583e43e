import { createHash } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../assessment/idempotency.service';

/** Validates the Idempotency-Key header; undefined when absent. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.length === 0 || value.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError(
      'invalid_request',
      `Idempotency-Key must be 1-${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`,
      { param: 'Idempotency-Key' },
    );
  }
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new ApiError(
      'invalid_request',
      'Idempotency-Key must be printable ASCII without spaces.',
      {
        param: 'Idempotency-Key',
      },
    );
  }
  return value;
}

/** Canonical JSON (sorted keys) so whitespace or key order does not make a "different body". */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHash = (route: string, body: unknown): string =>
  createHash('sha256').update(route).update('\n').update(canonical(body)).digest('hex');
