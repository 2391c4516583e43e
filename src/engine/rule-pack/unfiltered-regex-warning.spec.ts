import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRuleSet } from './rule-set-loader';

/**
 * Rules skip turns where none of their phrases or regex literals occur. A rule that cannot be
 * skipped only because a regex has no literal text gets a lint warning that points at it.
 */
describe('lint warning for regexes without literal text', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rules-prefilter-'));
    mkdirSync(join(dir, 'self_harm'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const warningsFor = (match: string): string[] => {
    writeFileSync(
      join(dir, 'self_harm', 'ideation.yaml'),
      `id: self_harm.ideation
version: 1.0.0
category: self_harm
languages: [en]
description: test
rules:
  - id: self_harm.ideation.x
    subcategory: ideation
    description: d
    score: 0.5
    reason: r
    match:
${match}
`,
    );
    const result = buildRuleSet({
      rulesDir: dir,
      pluginsDir: join(dir, 'none'),
      requirePlugins: false,
    });
    expect(result.problems).toEqual([]);
    return result.warnings.filter((w) => w.includes('tried on every turn'));
  };

  it('names the file, line and rule of a literal-free regex that makes its rule run always', () => {
    const warnings = warningsFor(
      '      any:\n        - "want to die"\n        - regex: "\\\\d{6,}"',
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /self_harm\/ideation\.yaml:15:\d+: self_harm\.ideation\.x is tried/,
    );
  });

  it('stays quiet when the regex has literal text or a phrase already bounds the rule', () => {
    expect(warningsFor('      regex: "(^|[^a-z])unalive"')).toEqual([]);
    expect(warningsFor('      all:\n        - "die"\n        - regex: "\\\\d{6,}"')).toEqual([]);
  });
});
