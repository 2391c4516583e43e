import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { RulesEngineService } from '../../../src/engine/rules/rules-engine.service';
import { createTenant } from '../../factories/tenant.factory';
import { FIXTURE_RULES } from '../../rules/engine-fixture';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix, waitFor } from '../llm/llm-test-kit';
import { createTestApp, type TestApp } from '../../utils/test-app';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database';

/**
 * Two instances behind a load balancer, one rules folder (as from one image or volume): a reload
 * asked of one instance reaches the other through Redis. A small rule set: what is under test is
 * the broadcast, and compiling the shipped packs three times takes most of a minute on a busy CI
 * machine.
 */
describe('rules reload across instances', () => {
  const prefix = uniquePrefix('rules-reload');
  let db: TestDatabase;
  let rulesDir: string;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    rulesDir = mkdtempSync(join(tmpdir(), 'reload-broadcast-'));
    cpSync(FIXTURE_RULES, rulesDir, { recursive: true });
    const env = { ...db.env, REDIS_URL, REDIS_KEY_PREFIX: prefix };
    first = await createTestApp({ env, rulesDir });
    second = await createTestApp({ env: { ...env, MIGRATE_ON_START: 'false' }, rulesDir });
  }, 90_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await db?.drop();
    await deleteRedisPrefix(prefix);
    rmSync(rulesDir, { recursive: true, force: true });
  });

  const versionOf = (app: TestApp) => app.app.get(RulesEngineService).rulesVersion;

  it('reloads the other instance after a successful reload, and never after a refused one', async () => {
    const { key } = await createTenant(first.app);
    const before = versionOf(first);
    expect(versionOf(second)).toBe(before);

    const policyFile = join(rulesDir, 'policy.yaml');
    const policy = readFileSync(policyFile, 'utf8');
    writeFileSync(policyFile, `${policy}\n# a comment changes the rules version\n`);
    const reload = await request(first.http)
      .post('/v1/admin/rules/reload')
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    expect(reload.body).toMatchObject({ ok: true, broadcast: true });
    const after = (reload.body as { rulesVersion: string }).rulesVersion;
    expect(after).not.toBe(before);
    await waitFor(() => versionOf(second) === after, 10_000);

    writeFileSync(policyFile, 'ema_alpha: [not a number');
    const refused = await request(first.http)
      .post('/v1/admin/rules/reload')
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    expect(refused.body).toMatchObject({ ok: false, broadcast: false, rulesVersion: after });
    expect(versionOf(second)).toBe(after);
    writeFileSync(policyFile, policy);
  }, 60_000);
});
