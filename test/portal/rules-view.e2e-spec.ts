import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ApiKeyService } from '../../src/auth/api-key.service';
import { projectRoot } from '../../src/engine/rules-api';
import { RulesEngineService } from '../../src/engine/rules/rules-engine.service';
import { Database } from '../../src/persistence/database';
import { TenantRepository } from '../../src/persistence/repositories/tenant.repository';
import { createTestApp } from '../utils/test-app';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../utils/test-database';
import { createPortalUsers, signInPortal } from './portal-test-kit';

/**
 * Reloads, checks and backtests load and test the whole shipped rule set (1,600+ rules, 9,000+
 * inline tests): minutes, not seconds, on a busy 2-core machine.
 */
const RULE_SET_WORK_MS = 180_000;

/**
 * The real app on a temp copy of rules/ (RULES_DIR), so tests can break or change the packs
 * on disk while the engine keeps the set it loaded at start.
 */
async function startPortal(kind: DatabaseKind) {
  const db: TestDatabase = await createTestDatabase(kind);
  const rulesDir = mkdtempSync(join(tmpdir(), 'portal-rules-'));
  cpSync(join(projectRoot(), 'rules'), rulesDir, { recursive: true });
  const t = await createTestApp({ env: db.env, rulesDir });
  const database = t.app.get(Database);
  const tenantId = (await new TenantRepository(database).create('Acme')).id;
  await createPortalUsers(
    t,
    (['admin', 'analyst', 'viewer'] as const).map((role) => ({
      tenantId,
      email: `${role}@example.com`,
      role,
    })),
  );
  const policyFile = join(rulesDir, 'policy.yaml');
  const originalPolicy = readFileSync(policyFile, 'utf8');
  return {
    t,
    tenantId,
    engine: t.app.get(RulesEngineService),
    /** Replaces text in the on-disk policy (once; it must be there). */
    editPolicy(from: string, to: string) {
      expect(originalPolicy).toContain(from);
      writeFileSync(policyFile, originalPolicy.replace(from, to));
    },
    restorePolicy: () => writeFileSync(policyFile, originalPolicy),
    signIn: (role: 'admin' | 'analyst' | 'viewer') => signInPortal(t.http, `${role}@example.com`),
    async close() {
      await t.close();
      await db.drop();
      rmSync(rulesDir, { recursive: true, force: true });
    },
  };
}
type Portal = Awaited<ReturnType<typeof startPortal>>;

const attribute = (html: string, id: string, name: string) =>
  new RegExp(`id="${id}"[^>]*\\b${name}="([^"]*)"`).exec(html)?.[1];

/**
 * Seeds a conversation through the API under the loaded rules, then backtests: the same
 * rules on disk change nothing; a raised critical threshold turns the critical turn into high.
 */
async function backtestShowsTheChange(portal: Portal): Promise<void> {
  const { plaintext } = await portal.t.app
    .get(ApiKeyService)
    .create({ tenantId: portal.tenantId, mode: 'test', scopes: ['assess'], name: 'seed' });
  const texts = ['Hi! How was your day?', 'I want to kill myself tonight', 'Thanks for listening'];
  for (const [index, text] of texts.entries()) {
    await request(portal.t.http)
      .post('/v1/conversation-analytics/assess')
      .set('Authorization', `Bearer ${plaintext}`)
      .send({
        event: { eventId: `e${index}`, conversationId: 'bt:conv', text, speakerType: 'user' },
      })
      .expect(200);
  }
  const analyst = await portal.signIn('analyst');
  const post = (fields: Record<string, string>) =>
    analyst.agent
      .post('/portal/rules/backtest')
      .type('form')
      .send({ _csrf: analyst.csrf, ...fields });

  const unchanged = await post({ days: '7' }).expect(200);
  expect(attribute(unchanged.text, 'backtest-report', 'data-turns')).toBe('3');
  expect(attribute(unchanged.text, 'backtest-report', 'data-changed')).toBe('0');

  portal.editPolicy('critical: 0.9 }', 'critical: 0.95 }');
  try {
    const changed = await post({ days: '7', mode: 'test' }).expect(200);
    expect(attribute(changed.text, 'backtest-report', 'data-changed')).toBe('1');
    expect(changed.text).toMatch(
      /<tr data-from="critical" data-to="high"><td>[^<]*<\/td><td class="count">1<\/td>/,
    );
    expect(changed.text).toMatch(
      /<tr data-category="self_harm"><td>self_harm<\/td><td class="raised">0<\/td><td class="lowered">1<\/td>/,
    );
    expect(changed.text).toContain('href="/portal/history/conversations/test/bt%3Aconv"');
    // The backtest read the packs on disk; the engine still serves the set it loaded.
    expect(changed.text).not.toContain(`Rules on disk ${portal.engine.rulesVersion} `);
    expect(portal.engine.policy.thresholds.self_harm.critical).toBe(0.9);
    // Kept per tenant in memory: any role sees the last report.
    const viewer = await portal.signIn('viewer');
    const shown = await viewer.agent.get('/portal/rules').expect(200);
    expect(attribute(shown.text, 'backtest-report', 'data-changed')).toBe('1');
  } finally {
    portal.restorePolicy();
  }
  const refused = await post({ days: '91' }).expect(400);
  expect(refused.text).toContain('Days must be a whole number from 1 to 90.');
}

describe('portal rules page on sqlite', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite');
  }, RULE_SET_WORK_MS);
  afterAll(() => portal?.close());

  it('lists the loaded packs and the rules version to any role', async () => {
    const viewer = await portal.signIn('viewer');
    const page = await viewer.agent.get('/portal/rules').expect(200);
    const status = portal.engine.status();
    expect(page.text).toContain(`<code id="rules-version">${status.rulesVersion}</code>`);
    expect((page.text.match(/<tr data-pack="/g) ?? []).length).toBe(status.packs.length);
    const pack = status.packs[0];
    expect(page.text).toContain(`<tr data-pack="${pack.id}">`);
    expect(attribute(page.text, 'last-reload', 'data-outcome')).toBe('none');
    expect(attribute(page.text, 'rules-check', 'data-status')).toBe('not-run');
    expect(page.text).toContain('<section id="backtest">');
    expect(page.text).not.toContain('id="reload-rules"');
  });

  it('refuses reloads, checks and backtests to a viewer, and reloads to an analyst', async () => {
    const viewer = await portal.signIn('viewer');
    for (const action of ['reload', 'check', 'backtest']) {
      await viewer.agent
        .post(`/portal/rules/${action}`)
        .type('form')
        .send({ _csrf: viewer.csrf })
        .expect(403);
    }
    const analyst = await portal.signIn('analyst');
    await analyst.agent
      .post('/portal/rules/reload')
      .type('form')
      .send({ _csrf: analyst.csrf })
      .expect(403);
    const admin = await portal.signIn('admin');
    await admin.agent.post('/portal/rules/reload').type('form').send({}).expect(403);
  });

  it(
    'runs lint and the rule tests of the packs on disk: pass',
    async () => {
      const analyst = await portal.signIn('analyst');
      const page = await analyst.agent
        .post('/portal/rules/check')
        .type('form')
        .send({ _csrf: analyst.csrf })
        .expect(200);
      expect(attribute(page.text, 'rules-check', 'data-status')).toBe('pass');
      expect(page.text).toMatch(/Pass: [1-9]\d* passed, 0 failed, 0 lint problem/);
    },
    RULE_SET_WORK_MS,
  );

  it(
    'keeps serving the old rules when a reload of a broken directory fails, and shows why',
    async () => {
      const admin = await portal.signIn('admin');
      const before = portal.engine.rulesVersion;
      portal.editPolicy('ema_alpha: 0.4', 'ema_alpha: 4');
      try {
        const failed = await admin.agent
          .post('/portal/rules/reload')
          .type('form')
          .send({ _csrf: admin.csrf })
          .expect(200);
        expect(attribute(failed.text, 'last-reload', 'data-outcome')).toBe('failed');
        expect(failed.text).toMatch(/policy\.yaml:\d+:\d+: [^<]*ema_alpha must be in \(0, 1\]/);
        expect(failed.text).toContain(`<code id="rules-version">${before}</code>`);
        expect(portal.engine.rulesVersion).toBe(before);

        const check = await admin.agent
          .post('/portal/rules/check')
          .type('form')
          .send({ _csrf: admin.csrf })
          .expect(200);
        expect(attribute(check.text, 'rules-check', 'data-status')).toBe('fail');
        expect(check.text).toMatch(/policy\.yaml:\d+:\d+: [^<]*ema_alpha must be in \(0, 1\]/);
      } finally {
        portal.restorePolicy();
      }
      const reloaded = await admin.agent
        .post('/portal/rules/reload')
        .type('form')
        .send({ _csrf: admin.csrf })
        .expect(200);
      expect(attribute(reloaded.text, 'last-reload', 'data-outcome')).toBe('ok');
      expect(portal.engine.rulesVersion).toBe(before);
    },
    RULE_SET_WORK_MS,
  );

  it(
    'backtests the packs on disk against stored history',
    () => backtestShowsTheChange(portal),
    RULE_SET_WORK_MS,
  );
});

describe('portal rules backtest on postgres', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('postgres');
  }, RULE_SET_WORK_MS);
  afterAll(() => portal?.close());

  it(
    'backtests the packs on disk against stored history',
    () => backtestShowsTheChange(portal),
    RULE_SET_WORK_MS,
  );
});
