import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ruleSetIn, turnContext } from '../../../test/rules/engine-fixture';
import type { CompiledRuleSet } from './compiled-rule-set';
import { buildRuleSet } from './rule-set-loader';

/**
 * `when.raised` lets a rule depend on what the other categories' rules found in the same turn:
 * it runs after them, sees the levels they reached under the policy, and never sees another
 * dependent rule's finding (no chains, so rule order cannot change an answer).
 */
describe('when.raised', () => {
  let dir: string;
  let ruleSet: CompiledRuleSet;
  const pack = (category: string, rules: string) => `id: ${category}.p
version: 1.0.0
category: ${category}
languages: [en]
description: test
rules:${rules}
`;
  const rule = (id: string, score: number, match: string, extra = '') => `
  - id: ${id}
    subcategory: ${id.split('.')[1]}
    description: d
    score: ${score}
    reason: r
    match: ${match}${extra}`;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rules-raised-'));
    for (const category of ['sexual', 'minor_safety', 'violence']) mkdirSync(join(dir, category));
    writeFileSync(
      join(dir, 'sexual', 'p.yaml'),
      pack(
        'sexual',
        rule('sexual.suggestive.flirt', 0.35, '"you are hot"') +
          rule('sexual.explicit.graphic', 0.75, '"explicit words"'),
      ),
    );
    writeFileSync(
      join(dir, 'minor_safety', 'p.yaml'),
      pack(
        'minor_safety',
        rule(
          'minor_safety.minor_disclosed.age',
          0.05,
          '"i am 14"',
          '\n    set_flags: [{ name: minor }]',
        ) +
          rule(
            'minor_safety.sexual_minor.any-sexual',
            0.92,
            '{ flag: minor }',
            '\n    when: { raised: { sexual: medium } }',
          ),
      ),
    );
    // A dependent rule on a dependent rule's category: must not see minor_safety's dependent finding.
    writeFileSync(
      join(dir, 'violence', 'p.yaml'),
      pack(
        'violence',
        rule(
          'violence.threat.chained',
          0.5,
          '{ not: "zzzz" }',
          '\n    when: { raised: { minor_safety: critical } }',
        ),
      ),
    );
    ruleSet = ruleSetIn(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const fired = (text: string): string[] =>
    ruleSet
      .evaluate(turnContext(text))
      .findings.map((f) => f.code)
      .sort();

  it('fires when the other category reached the level in the same turn', () => {
    expect(fired('i am 14, explicit words')).toContain('minor_safety.sexual_minor.any-sexual');
  });

  it('stays quiet when the other category stayed below the level or its own match fails', () => {
    expect(fired('i am 14, you are hot')).not.toContain('minor_safety.sexual_minor.any-sexual');
    expect(fired('explicit words')).not.toContain('minor_safety.sexual_minor.any-sexual');
  });

  it("never sees another dependent rule's finding", () => {
    expect(fired('i am 14, explicit words')).not.toContain('violence.threat.chained');
  });

  it('rejects a level that is not one of low, medium, high, critical', () => {
    const bad = mkdtempSync(join(tmpdir(), 'rules-raised-bad-'));
    try {
      mkdirSync(join(bad, 'violence'));
      writeFileSync(
        join(bad, 'violence', 'p.yaml'),
        pack(
          'violence',
          rule('violence.threat.x', 0.5, '"x"', '\n    when: { raised: { sexual: none } }'),
        ),
      );
      const build = buildRuleSet({
        rulesDir: bad,
        pluginsDir: join(bad, 'none'),
        requirePlugins: false,
      });
      expect(build.problems.map((p) => p.message).join('\n')).toMatch(
        /when\.raised\.sexual must be one of low, medium, high, critical/,
      );
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
