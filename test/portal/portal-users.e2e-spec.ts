import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { DataSource } from 'typeorm';
import { PortalUsers1763900000000 } from '../../migrations/1763900000000-PortalUsers';
import { DatabaseConfig } from '../../src/config/app.config';
import { openDataSource } from '../../src/persistence/data-source';
import { Database } from '../../src/persistence/database';
import { TenantRepository } from '../../src/persistence/repositories/tenant.repository';
import { ensureFirstAdmin } from '../../src/portal/users/first-admin';
import { PortalUserService } from '../../src/portal/users/portal-user.service';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../utils/test-database';

const run = promisify(execFile);

function databaseConfig(env: Record<string, string>): DatabaseConfig {
  const config = new DatabaseConfig();
  if (env.DATABASE_URL) config.url = env.DATABASE_URL;
  if (env.SQLITE_PATH) config.sqlitePath = env.SQLITE_PATH;
  config.migrateOnStart = 'true';
  return config;
}

describe.each<DatabaseKind>(['sqlite', 'postgres'])('portal users on %s', (kind) => {
  let testDb: TestDatabase;
  let dataSource: DataSource;
  let db: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    dataSource = await openDataSource(databaseConfig(testDb.env));
    db = new Database(dataSource);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await testDb?.drop();
  });

  it('bootstraps one admin whose one-time password signs in, and only once', async () => {
    expect(await ensureFirstAdmin(db, 3000)).toBeNull(); // no tenant yet
    const tenant = await new TenantRepository(db).create('Acme');
    const admin = await ensureFirstAdmin(db, 3000);
    expect(admin?.notice).toContain(admin?.password);
    const users = new PortalUserService(db);
    const signedIn = await users.authenticate(admin!.email, admin!.password);
    expect(signedIn).toMatchObject({ tenantId: tenant.id, role: 'admin' });
    expect(await users.authenticate(admin!.email, 'not the password')).toBeNull();
    expect(await ensureFirstAdmin(db, 3000)).toBeNull();
  });

  it('rejects duplicate emails per tenant, short passwords and unknown roles', async () => {
    const tenant = await new TenantRepository(db).create('Beta');
    const users = new PortalUserService(db);
    await users.create({
      tenantId: tenant.id,
      email: 'Ana@Example.com',
      role: 'analyst',
      password: 'a long password',
    });
    await expect(
      users.create({
        tenantId: tenant.id,
        email: 'ana@example.com',
        role: 'viewer',
        password: 'another long one',
      }),
    ).rejects.toThrow(/already exists/);
    await expect(
      users.create({
        tenantId: tenant.id,
        email: 'bo@example.com',
        role: 'viewer',
        password: 'short',
      }),
    ).rejects.toThrow(/at least 12/);
    await expect(
      users.create({
        tenantId: tenant.id,
        email: 'bo@example.com',
        role: 'root' as 'admin',
        password: 'a long password',
      }),
    ).rejects.toThrow(/role/);
    expect(await users.authenticate(' ANA@example.com ', 'a long password')).toMatchObject({
      role: 'analyst',
    });
  });

  it('migration down drops the table and up recreates it', async () => {
    // This migration by name: later migrations make it no longer the last one.
    const migration = new PortalUsers1763900000000();
    const runner = dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await runner.hasTable('portal_user')).toBe(false);
      await migration.up(runner);
      expect(await runner.hasTable('portal_user')).toBe(true);
    } finally {
      await runner.release();
    }
  });

  it('CLI users create reads the password from stdin, never argv', async () => {
    const tenant = await new TenantRepository(db).create('Gamma');
    const child = run(
      'npm',
      [
        'run',
        '--silent',
        'cli',
        '--',
        'users',
        'create',
        '--tenant',
        tenant.id,
        '--email',
        'ops@example.com',
        '--role',
        'viewer',
        '--password-stdin',
      ],
      { env: { ...process.env, ...testDb.env, LOG_LEVEL: 'silent' }, cwd: process.cwd() },
    );
    child.child.stdin?.end('cli password 123\n');
    const created = JSON.parse((await child).stdout) as { email: string; role: string };
    expect(created).toMatchObject({ email: 'ops@example.com', role: 'viewer' });
    const user = await new PortalUserService(db).authenticate(
      'ops@example.com',
      'cli password 123',
      tenant.id,
    );
    expect(user?.role).toBe('viewer');
  }, 60_000);
});
