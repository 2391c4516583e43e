import { CATEGORY_IDS } from '../../engine/taxonomy';
import type { RulesStatus } from '../../engine/rules/rules-engine.service';
import type { PortalBacktest } from '../rules/rules-backtest.service';
import { rulesPage, type RulesPageInput } from './rules.view';

const status: RulesStatus = {
  rulesVersion: 'abc123',
  loadedAt: '2026-01-01T00:00:00.000Z',
  packs: [
    {
      id: 'self_harm.ideation',
      category: 'self_harm',
      version: '1.2.0',
      languages: ['en', 'ko'],
      file: 'rules/self_harm/ideation.yaml',
      rules: 4,
      shadowRules: 1,
    },
    {
      id: 'self_harm.method',
      category: 'self_harm',
      version: '1.0.0',
      languages: ['en'],
      file: 'rules/self_harm/method.yaml',
      rules: 3,
      shadowRules: 0,
    },
  ],
  rules: 7,
  lastReload: null,
};
const admin = { email: 'a@example.com', role: 'admin', csrfToken: 'tok' };
const viewer = { ...admin, role: 'viewer' };
const input = (overrides: Partial<RulesPageInput> = {}): RulesPageInput => ({
  viewer: admin,
  status,
  check: null,
  backtest: null,
  ...overrides,
});

const categories = (changed: { raised: number; lowered: number; examples: string[] }) =>
  Object.fromEntries(
    CATEGORY_IDS.map((c) => [
      c,
      c === 'self_harm' ? changed : { raised: 0, lowered: 0, examples: [] },
    ]),
  ) as PortalBacktest['report']['categories'];

describe('rulesPage', () => {
  it('lists the version, every pack and the rule count per category', () => {
    const html = rulesPage(input());
    expect(html).toContain('<code id="rules-version">abc123</code>');
    expect(html).toMatch(
      /<tr data-pack="self_harm\.ideation">.*<td class="language">en, ko<\/td><td class="version">1\.2\.0<\/td><td class="rules">4<\/td>/,
    );
    expect(html).toMatch(
      /<tr data-category="self_harm"><td>self_harm<\/td><td>2<\/td><td class="rules">7<\/td><td>1<\/td>/,
    );
    expect(html).toContain('id="last-reload" data-outcome="none"');
    expect(html).toContain('id="rules-check" data-status="not-run"');
  });

  it('shows a failed reload with its problems, escaped', () => {
    const html = rulesPage(
      input({
        status: {
          ...status,
          lastReload: {
            ok: false,
            rulesVersion: 'abc123',
            previousVersion: 'abc123',
            problems: ['rules/policy.yaml:22:12: ema_alpha must be in (0, 1] <b>'],
            message: 'reload failed with 1 problem(s); still serving rules abc123',
            at: '2026-01-01T00:00:00.000Z',
            durationMs: 5,
          },
        },
      }),
    );
    expect(html).toContain('id="last-reload" data-outcome="failed"');
    expect(html).toContain('rules/policy.yaml:22:12: ema_alpha must be in (0, 1] &lt;b&gt;');
  });

  it('shows check failures, and offers actions by role', () => {
    const check = {
      status: 'fail' as const,
      at: '2026-01-01T00:00:00.000Z',
      durationMs: 10,
      rulesVersion: 'def456',
      problems: [],
      passed: 9,
      failed: 1,
      failures: [
        { name: 'self_harm.x', at: 'rules/self_harm/x.yaml:3:5', failure: 'should match' },
      ],
    };
    const asAdmin = rulesPage(input({ check }));
    expect(asAdmin).toContain('id="rules-check" data-status="fail"');
    expect(asAdmin).toContain('<code>rules/self_harm/x.yaml:3:5</code> self_harm.x: should match');
    for (const form of ['reload-rules', 'run-checks', 'backtest-form']) {
      expect(asAdmin).toContain(`id="${form}"`);
    }
    const asAnalyst = rulesPage(input({ viewer: { ...admin, role: 'analyst' } }));
    expect(asAnalyst).not.toContain('id="reload-rules"');
    expect(asAnalyst).toContain('id="run-checks"');
    const asViewer = rulesPage(input({ viewer }));
    for (const form of ['reload-rules', 'run-checks', 'backtest-form']) {
      expect(asViewer).not.toContain(`id="${form}"`);
    }
  });

  it('links backtest examples to their conversation page when the conversation is known', () => {
    const backtest: PortalBacktest = {
      days: 7,
      mode: null,
      since: '2026-01-01T00:00:00.000Z',
      at: '2026-01-08T00:00:00.000Z',
      durationMs: 3,
      truncated: false,
      report: {
        rulesVersion: 'def456',
        conversations: 1,
        turns: 2,
        skippedWithoutText: 0,
        changedTurns: 1,
        severity: [{ from: 'critical', to: 'high', count: 1, examples: ['a1', 'gone'] }],
        action: [],
        categories: categories({ raised: 0, lowered: 1, examples: ['a1'] }),
      },
      conversations: { a1: { mode: 'test', conversationId: 'user:c/1' } },
    };
    const html = rulesPage(input({ backtest }));
    expect(html).toContain('id="backtest-report" data-changed="1" data-turns="2"');
    expect(html).toContain(
      '<a class="example" data-assessment-id="a1" href="/portal/history/conversations/test/user%3Ac%2F1">a1</a> <code>gone</code>',
    );
    expect(html).toMatch(
      /<tr data-category="self_harm"><td>self_harm<\/td><td class="raised">0<\/td><td class="lowered">1<\/td>/,
    );
    expect(html).toContain('No action changes.');
  });
});
