import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Database } from '../database';
import { ApiKeyEntity, type ApiKeyMode, type ApiKeyScope } from '../entities/api-key.entity';

export type ActiveApiKey = Pick<ApiKeyEntity, 'id' | 'tenantId' | 'mode' | 'scopes'>;

@Injectable()
export class ApiKeyRepository {
  constructor(private readonly db: Database) {}

  insert(key: ApiKeyEntity): Promise<ApiKeyEntity> {
    return this.db.write((manager) => manager.save(key));
  }

  /** Runs on every authenticated request: one indexed raw statement. */
  async findActiveByHash(keyHash: string): Promise<ActiveApiKey | null> {
    const [row] = await this.db.query<{
      id: string;
      tenant_id: string;
      mode: ApiKeyMode;
      scopes: string;
    }>(
      'SELECT id, tenant_id, mode, scopes FROM api_key WHERE key_hash = ? AND revoked_at IS NULL',
      [keyHash],
    );
    if (!row) return null;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      mode: row.mode,
      scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    };
  }

  /** See Database.externalChangeMarker: unchanged means no other writer touched the table. */
  externalChangeMarker(): number | null {
    return this.db.externalChangeMarker();
  }

  listForTenant(tenantId?: string): Promise<ApiKeyEntity[]> {
    return this.db.manager.find(ApiKeyEntity, {
      where: tenantId ? { tenantId } : {},
      order: { createdAt: 'ASC' },
    });
  }

  /** Returns false when no active key has that id. */
  async revoke(id: string, at: string): Promise<boolean> {
    const result = await this.db.write((manager) =>
      manager.update(ApiKeyEntity, { id, revokedAt: IsNull() }, { revokedAt: at }),
    );
    return (result.affected ?? 0) > 0;
  }

  async touchLastUsed(id: string, at: string): Promise<void> {
    await this.db.write((manager) => manager.update(ApiKeyEntity, { id }, { lastUsedAt: at }));
  }
}
