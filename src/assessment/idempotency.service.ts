import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { IdempotencyRepository } from '../persistence/repositories/idempotency.repository';

/** Stored responses are replayed for 24 hours (SPEC 6). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Longer than any request may run (the LLM deadline is seconds): after it, a claim is dead. */
export const IN_PROGRESS_LEASE_MS = 5 * 60 * 1000;

export type Claim =
  | { kind: 'claimed'; recordId: string }
  | { kind: 'replay'; result: { status: number; body: string; replayed: true } };

/** Stripe-style Idempotency-Key handling, stored in the database so it holds across instances. */
@Injectable()
export class IdempotencyService {
  constructor(private readonly records: IdempotencyRepository) {}

  async claim(tenantId: string, request: { key: string; requestHash: string }): Promise<Claim> {
    const outcome = await this.records.claim(
      tenantId,
      request.key,
      request.requestHash,
      IDEMPOTENCY_TTL_MS,
      IN_PROGRESS_LEASE_MS,
    );
    if (outcome.claimed) return { kind: 'claimed', recordId: outcome.record.id };
    const existing = outcome.existing;
    if (existing.requestHash !== request.requestHash) {
      throw new ApiError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request body.',
        { param: 'Idempotency-Key' },
      );
    }
    if (existing.status !== 'completed' || existing.responseBody === null) {
      throw new ApiError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry shortly.',
        { param: 'Idempotency-Key', headers: { 'Retry-After': '1' } },
      );
    }
    return {
      kind: 'replay',
      result: {
        status: existing.responseStatus ?? 200,
        body: existing.responseBody,
        replayed: true,
      },
    };
  }

  complete(manager: EntityManager, recordId: string, status: number, body: string): Promise<void> {
    return this.records.complete(manager, recordId, status, body);
  }

  async release(recordId: string): Promise<void> {
    await this.records.release(recordId).catch(() => undefined);
  }
}
