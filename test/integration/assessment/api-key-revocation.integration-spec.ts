import type { DataSource } from 'typeorm';
import { ApiKeyService } from '../../../src/auth/api-key.service';
import { DatabaseConfig } from '../../../src/config/app.config';
import { openDataSource } from '../../../src/persistence/data-source';
import { Database } from '../../../src/persistence/database';
import { ApiKeyRepository } from '../../../src/persistence/repositories/api-key.repository';
import { TenantRepository } from '../../../src/persistence/repositories/tenant.repository';
import {
  createTestDatabase,
  type DatabaseKind,
  type TestDatabase,
} from '../../utils/test-database';

/** An ApiKeyService on its own connection, as a server process or the CLI has. */
type Process = { dataSource: DataSource; repository: ApiKeyRepository; keys: ApiKeyService };

async function openProcess(env: Record<string, string>): Promise<Process> {
  const config = new DatabaseConfig();
  if (env.DATABASE_URL) config.url = env.DATABASE_URL;
  if (env.SQLITE_PATH) config.sqlitePath = env.SQLITE_PATH;
  config.migrateOnStart = 'true';
  const dataSource = await openDataSource(config);
  const repository = new ApiKeyRepository(new Database(dataSource));
  return { dataSource, repository, keys: new ApiKeyService(repository) };
}

/**
 * The key cache behind authentication must never outlive a revocation: not one made through
 * this process's ApiKeyService, and not one made by another process (the CLI, another
 * instance) on the same database.
 */
describe.each<DatabaseKind>(['sqlite', 'postgres'])('API key revocation on %s', (kind) => {
  let testDb: TestDatabase;
  let server: Process;
  let cli: Process;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    server = await openProcess(testDb.env);
    cli = await openProcess({ ...testDb.env, MIGRATE_ON_START: 'false' });
  }, 60_000);

  afterAll(async () => {
    await server?.dataSource.destroy();
    await cli?.dataSource.destroy();
    await testDb?.drop();
  });

  const newKey = async () => {
    const tenant = await new TenantRepository(new Database(server.dataSource)).create('t');
    return cli.keys.create({ tenantId: tenant.id, mode: 'test', scopes: ['assess'], name: 'k' });
  };

  it('rejects a key at once after this process revoked it', async () => {
    const { key, plaintext } = await newKey();
    expect(await server.keys.authenticate(plaintext)).toMatchObject({ keyId: key.id });
    expect(await server.keys.revoke(key.id)).toBe(true);
    expect(await server.keys.authenticate(plaintext)).toBeNull();
  });

  it('rejects a key at once after another process revoked it', async () => {
    const { key, plaintext } = await newKey();
    expect(await server.keys.authenticate(plaintext)).toMatchObject({ keyId: key.id });
    expect(await server.keys.authenticate(plaintext)).toMatchObject({ keyId: key.id });
    expect(await cli.keys.revoke(key.id)).toBe(true);
    expect(await server.keys.authenticate(plaintext)).toBeNull();
  });

  it(
    kind === 'sqlite'
      ? 'reads a busy key from the database once while nothing else writes'
      : 'reads the key from the database on every request (no cross-instance marker)',
    async () => {
      const { plaintext } = await newKey();
      const reads = jest.spyOn(server.repository, 'findActiveByHash');
      try {
        for (let i = 0; i < 5; i++)
          expect(await server.keys.authenticate(plaintext)).not.toBeNull();
        expect(reads).toHaveBeenCalledTimes(kind === 'sqlite' ? 1 : 5);
      } finally {
        reads.mockRestore();
      }
    },
  );
});
