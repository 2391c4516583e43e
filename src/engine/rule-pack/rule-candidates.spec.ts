import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ruleSetIn, turnContext } from '../../../test/rules/engine-fixture';
import type { CompiledRuleSet } from './compiled-rule-set';

/**
 * The rule set lists a turn's candidate rules (triggered by phrases and regex literals, plus
 * the untriggered ones) in whatever order their triggers occur, then runs them in rule order:
 * a flag set by this turn must reach the rules that test it, however the text is ordered.
 */
describe('candidate rules of a turn', () => {
  let dir: string;
  let ruleSet: CompiledRuleSet;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rules-candidates-'));
    mkdirSync(join(dir, 'minor_safety'));
    const rule = (id: string, match: string, extra = ''): string => `
  - id: minor_safety.grooming.${id}
    subcategory: grooming
    description: d
    score: 0.5
    reason: r
    match: ${match}${extra}`;
    writeFileSync(
      join(dir, 'minor_safety', 'grooming.yaml'),
      `id: minor_safety.grooming
version: 1.0.0
category: minor_safety
languages: [en]
description: test
rules:${rule('secret', '"our secret"', '\n    when: { flags: [young] }')}${rule(
        'young',
        '{ regex: "(?i)\\\\bi am 1[0-7]\\\\b" }',
        '\n    set_flags: [{ name: young }]',
      )}${rule('always', '{ not: "zzzz" }')}${rule('gift', '"a gift"')}${rule(
        'gift-and-secret',
        '{ all: ["a gift", { any: ["just between us", "dont tell"] }] }',
      )}
`,
    );
    ruleSet = ruleSetIn(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const fired = (text: string): string[] =>
    ruleSet.evaluate(turnContext(text)).findings.map((f) => f.code.split('.').at(-1) ?? '');

  it('runs the flag-setting rule first, whichever trigger comes first in the text', () => {
    expect(fired('our secret, a gift: i am 14')).toEqual(['young', 'secret', 'always', 'gift']);
    expect(fired('i am 14, a gift, our secret')).toEqual(['young', 'secret', 'always', 'gift']);
  });

  it('fires a rule whose parts must all match only when its confirming part occurs too', () => {
    expect(fired('a gift, just between us')).toEqual(['always', 'gift', 'gift-and-secret']);
    expect(fired('a gift, dont tell')).toEqual(['always', 'gift', 'gift-and-secret']);
    expect(fired('a gift for you')).toEqual(['always', 'gift']);
    expect(fired('just between us')).toEqual(['always']);
  });

  it('starts every turn afresh: earlier candidates do not carry over', () => {
    expect(fired('a gift and our secret')).toEqual(['always', 'gift']);
    expect(fired('nothing here')).toEqual(['always']);
    expect(fired('zzzz')).toEqual([]);
    expect(fired('a gift')).toEqual(['always', 'gift']);
  });
});
