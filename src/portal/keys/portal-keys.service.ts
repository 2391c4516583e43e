import { Injectable } from '@nestjs/common';
import { ApiKeyService, type CreatedApiKey } from '../../auth/api-key.service';
import type { ApiKeyEntity } from '../../persistence/entities/api-key.entity';
import type { CreateKeyInput } from './create-key.form';

/**
 * The portal's view of API keys: everything goes through ApiKeyService (one place mints keys
 * and one place revokes them), scoped to the signed-in user's tenant.
 */
@Injectable()
export class PortalKeysService {
  constructor(private readonly keys: ApiKeyService) {}

  list(tenantId: string): Promise<ApiKeyEntity[]> {
    return this.keys.list(tenantId);
  }

  create(tenantId: string, input: CreateKeyInput): Promise<CreatedApiKey> {
    return this.keys.create({ tenantId, ...input });
  }

  /**
   * Revokes a key of this tenant. Returns false when the tenant has no such key, so another
   * tenant's key id is indistinguishable from an unknown one. Revoking twice is a no-op.
   */
  async revoke(tenantId: string, keyId: string): Promise<boolean> {
    const owned = (await this.keys.list(tenantId)).some((key) => key.id === keyId);
    if (!owned) return false;
    await this.keys.revoke(keyId);
    return true;
  }
}
