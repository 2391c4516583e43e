import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { ISO_INSTANT, jsonText } from '../columns';

export type ApiKeyScope = 'assess' | 'read' | 'admin';
export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['assess', 'read', 'admin'];
export type ApiKeyMode = 'live' | 'test';

@Entity('api_key')
@Index('idx_api_key_tenant', ['tenantId'])
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 36, name: 'tenant_id' }) tenantId!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ type: 'varchar', length: 8 }) mode!: ApiKeyMode;
  /** The first characters of the key, safe to display (`ca_test_AbCd`). */
  @Column({ type: 'varchar', length: 32 }) prefix!: string;
  @Index('uq_api_key_hash', { unique: true })
  @Column({ type: 'varchar', length: 64, name: 'key_hash' })
  keyHash!: string;
  @Column({ type: 'text', transformer: jsonText<ApiKeyScope[]>() }) scopes!: ApiKeyScope[];
  @Column({ ...ISO_INSTANT, name: 'created_at' }) createdAt!: string;
  @Column({ ...ISO_INSTANT, name: 'revoked_at', nullable: true }) revokedAt!: string | null;
  @Column({ ...ISO_INSTANT, name: 'last_used_at', nullable: true }) lastUsedAt!: string | null;
}
