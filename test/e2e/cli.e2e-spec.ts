import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `npm run cli -- ...` end to end on a fresh SQLite file, as an operator would use it. */
describe('CLI: migrate, tenants, keys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ca-cli-'));
  const env = { ...process.env, SQLITE_PATH: join(dir, 'cli.sqlite'), LOG_LEVEL: 'silent' };
  const cli = async (...args: string[]) =>
    (await run('npm', ['run', '--silent', 'cli', '--', ...args], { env, cwd: process.cwd() }))
      .stdout;

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a tenant and a key, lists it without the secret, and revokes it', async () => {
    expect(await cli('migrate')).toMatch(/up to date|Applied/);
    const tenant = JSON.parse(await cli('tenants', 'create', 'Acme')) as { id: string };
    const created = JSON.parse(
      await cli(
        'keys',
        'create',
        '--tenant',
        tenant.id,
        '--mode',
        'live',
        '--scopes',
        'assess,read',
      ),
    ) as { id: string; key: string; scopes: string[] };
    expect(created.key).toMatch(/^ca_live_[0-9A-Za-z]{32}$/);
    expect(created.scopes).toEqual(['assess', 'read']);

    const listed = await cli('keys', 'list', '--tenant', tenant.id);
    expect(listed).toContain(created.id);
    expect(listed).toContain('active');
    expect(listed).not.toContain(created.key);

    expect(await cli('keys', 'revoke', created.id)).toContain(`revoked ${created.id}`);
    expect(await cli('keys', 'list', '--tenant', tenant.id)).toContain('revoked');
  }, 120_000);
});
