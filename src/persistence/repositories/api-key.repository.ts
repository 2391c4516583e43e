import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Database } from '../database';
import { ApiKeyEntity } from '../entities/api-key.entity';

@Injectable()
export class ApiKeyRepository {
  constructor(private readonly db: Database) {}

  insert(key: ApiKeyEntity): Promise<ApiKeyEntity> {
    return this.db.write((manager) => manager.save(key));
  }

  findActiveByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.db.manager.findOneBy(ApiKeyEntity, { keyHash, revokedAt: IsNull() });
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
