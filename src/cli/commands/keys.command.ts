import type { Command } from 'commander';
import { ApiKeyService } from '../../auth/api-key.service';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../persistence/entities/api-key.entity';
import { ApiKeyRepository } from '../../persistence/repositories/api-key.repository';
import { TenantRepository } from '../../persistence/repositories/tenant.repository';
import { withDatabase } from '../cli-database';

function parseScopes(value: string): ApiKeyScope[] {
  const scopes = value.split(',').map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !(API_KEY_SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new Error(`unknown scope(s): ${unknown.join(', ')}`);
  return scopes as ApiKeyScope[];
}

export function register(program: Command): void {
  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create an API key; the key is printed once and never stored')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--mode <mode>', 'live or test', 'test')
    .option('--scopes <list>', 'comma-separated: assess,read,admin', 'assess,read')
    .option('--name <name>', 'label', 'cli')
    .action((options: { tenant: string; mode: string; scopes: string; name: string }) =>
      withDatabase(async (db) => {
        if (options.mode !== 'live' && options.mode !== 'test')
          throw new Error('--mode must be live or test');
        if (!(await new TenantRepository(db).findById(options.tenant))) {
          throw new Error(`no tenant ${options.tenant}`);
        }
        const { key, plaintext } = await new ApiKeyService(new ApiKeyRepository(db)).create({
          tenantId: options.tenant,
          mode: options.mode,
          scopes: parseScopes(options.scopes),
          name: options.name,
        });
        console.log(
          JSON.stringify({ id: key.id, key: plaintext, mode: key.mode, scopes: key.scopes }),
        );
        console.error('Store this key now: it cannot be shown again.');
      }),
    );
  keys
    .command('list')
    .description('List keys (prefix only, never the key)')
    .option('--tenant <id>', 'only this tenant')
    .action((options: { tenant?: string }) =>
      withDatabase(async (db) => {
        const rows = await new ApiKeyService(new ApiKeyRepository(db)).list(options.tenant);
        for (const key of rows) {
          console.log(
            [
              key.id,
              key.tenantId,
              `${key.prefix}…`,
              key.mode,
              key.scopes.join(','),
              key.name,
              key.revokedAt ? `revoked ${key.revokedAt}` : 'active',
              `last used ${key.lastUsedAt ?? 'never'}`,
            ].join('\t'),
          );
        }
      }),
    );
  keys
    .command('revoke')
    .description('Revoke a key by id (effective at once on every instance)')
    .argument('<id>', 'key id')
    .action((id: string) =>
      withDatabase(async (db) => {
        const revoked = await new ApiKeyService(new ApiKeyRepository(db)).revoke(id);
        if (!revoked) throw new Error(`no active key ${id}`);
        console.log(`revoked ${id}`);
      }),
    );
}
