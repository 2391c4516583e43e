import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { ISO_INSTANT } from '../columns';

export type IdempotencyStatus = 'in_progress' | 'completed';

/** SPEC 6: the unique (tenant, key) row is the cross-instance claim on a key. */
@Entity('idempotency_record')
@Index('uq_idempotency_key', ['tenantId', 'idempotencyKey'], { unique: true })
@Index('idx_idempotency_expires', ['expiresAt'])
export class IdempotencyRecordEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 36, name: 'tenant_id' }) tenantId!: string;
  @Column({ type: 'varchar', length: 255, name: 'idempotency_key' }) idempotencyKey!: string;
  /** sha256 of method, path and raw body: "same request" means byte-identical body. */
  @Column({ type: 'varchar', length: 64, name: 'request_hash' }) requestHash!: string;
  @Column({ type: 'varchar', length: 16 }) status!: IdempotencyStatus;
  @Column({ type: 'integer', name: 'response_status', nullable: true })
  responseStatus!: number | null;
  @Column({ type: 'text', name: 'response_body', nullable: true }) responseBody!: string | null;
  @Column({ ...ISO_INSTANT, name: 'created_at' }) createdAt!: string;
  @Column({ ...ISO_INSTANT, name: 'expires_at' }) expiresAt!: string;
}
