import type { INestApplication } from '@nestjs/common';
import { ApiKeyService } from '../../src/auth/api-key.service';
import type { ApiKeyMode, ApiKeyScope } from '../../src/persistence/entities/api-key.entity';
import { TenantRepository } from '../../src/persistence/repositories/tenant.repository';

export type TestTenant = { tenantId: string; key: string; keyId: string };

/** A new tenant with one key (default: test mode, every scope), created through the app. */
export async function createTenant(
  app: INestApplication,
  options: { mode?: ApiKeyMode; scopes?: ApiKeyScope[]; name?: string } = {},
): Promise<TestTenant> {
  const tenant = await app.get(TenantRepository).create(options.name ?? 'test tenant');
  const created = await createKey(app, tenant.id, options);
  return { tenantId: tenant.id, ...created };
}

export async function createKey(
  app: INestApplication,
  tenantId: string,
  options: { mode?: ApiKeyMode; scopes?: ApiKeyScope[] } = {},
): Promise<{ key: string; keyId: string }> {
  const { key, plaintext } = await app.get(ApiKeyService).create({
    tenantId,
    mode: options.mode ?? 'test',
    scopes: options.scopes ?? ['assess', 'read', 'admin'],
    name: 'test key',
  });
  return { key: plaintext, keyId: key.id };
}
