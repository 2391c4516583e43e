import { Injectable } from '@nestjs/common';
import { LessThan, type EntityManager } from 'typeorm';
import { newId, nowIso } from '../columns';
import { Database, isUniqueViolation } from '../database';
import { IdempotencyRecordEntity } from '../entities/idempotency-record.entity';

export type ClaimResult =
  | { claimed: true; record: IdempotencyRecordEntity }
  | { claimed: false; existing: IdempotencyRecordEntity };

@Injectable()
export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts an in-progress record; the unique (tenant, key) index makes exactly one caller
   * win across instances. An expired record, or an in-progress one past its lease, is
   * removed and the claim retried once.
   */
  async claim(
    tenantId: string,
    idempotencyKey: string,
    requestHash: string,
    ttlMs: number,
    inProgressLeaseMs: number,
  ): Promise<ClaimResult> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const now = new Date();
      const record = Object.assign(new IdempotencyRecordEntity(), {
        id: newId(),
        tenantId,
        idempotencyKey,
        requestHash,
        status: 'in_progress',
        responseStatus: null,
        responseBody: null,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      });
      try {
        await this.db.write((manager) =>
          this.db.query(
            'INSERT INTO idempotency_record (id, tenant_id, idempotency_key, request_hash, status, ' +
              'response_status, response_body, created_at, expires_at) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?, ?)',
            [
              record.id,
              tenantId,
              idempotencyKey,
              requestHash,
              record.status,
              record.createdAt,
              record.expiresAt,
            ],
            manager,
          ),
        );
        return { claimed: true, record };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const existing = await this.db.manager.findOneBy(IdempotencyRecordEntity, {
        tenantId,
        idempotencyKey,
      });
      if (!existing) continue; // released between our insert and read: try again
      const expired = existing.expiresAt <= nowIso();
      // An in-progress claim older than the lease belongs to a process that died mid-request;
      // without this the key would answer 409 for 24 hours.
      const abandoned =
        existing.status === 'in_progress' &&
        Date.parse(existing.createdAt) < Date.now() - inProgressLeaseMs;
      if (!expired && !abandoned) return { claimed: false, existing };
      await this.db.write((manager) =>
        manager.delete(IdempotencyRecordEntity, {
          id: existing.id,
          status: existing.status,
          createdAt: existing.createdAt,
        }),
      );
    }
    throw new Error('idempotency claim did not settle');
  }

  async complete(
    manager: EntityManager,
    id: string,
    responseStatus: number,
    responseBody: string,
  ): Promise<void> {
    await this.db.query(
      "UPDATE idempotency_record SET status = 'completed', response_status = ?, response_body = ? WHERE id = ?",
      [responseStatus, responseBody, id],
      manager,
    );
  }

  /** Drops an in-progress claim after a failed request, so the client may retry the key. */
  async release(id: string): Promise<void> {
    await this.db.write((manager) =>
      manager.delete(IdempotencyRecordEntity, { id, status: 'in_progress' }),
    );
  }

  countForTenant(tenantId: string): Promise<number> {
    return this.db.manager.countBy(IdempotencyRecordEntity, { tenantId });
  }

  async purgeExpired(): Promise<number> {
    const result = await this.db.write((manager) =>
      manager.delete(IdempotencyRecordEntity, { expiresAt: LessThan(nowIso()) }),
    );
    return result.affected ?? 0;
  }
}
