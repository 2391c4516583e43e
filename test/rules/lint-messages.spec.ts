import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRuleSet, formatProblem } from '../../src/engine/rules-api';
import { FIXTURE_PLUGINS } from './engine-fixture';

/** The linter names file:line:column and says what is wrong, for every kind of mistake. */
describe('rules lint messages', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rules-lint-'));
    mkdirSync(join(dir, 'self_harm'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const lint = (pack: string, name = 'ideation'): string[] => {
    writeFileSync(join(dir, 'self_harm', `${name}.yaml`), pack);
    const result = buildRuleSet({
      rulesDir: dir,
      pluginsDir: FIXTURE_PLUGINS,
      requirePlugins: false,
    });
    return result.problems.map(formatProblem).map((line) => line.slice(line.indexOf('self_harm/')));
  };

  const header = `id: self_harm.ideation
version: 1.0.0
category: self_harm
languages: [en]
description: test
rules:
`;
  const rule = (body: string) =>
    header +
    `  - id: self_harm.ideation.x
    subcategory: ideation
    description: d
    score: 0.5
    reason: r
${body}`;

  it.each([
    [
      'a duplicate key',
      rule('    match: "a"\n    match: "b"\n'),
      /ideation\.yaml:13:5: YAML: Map keys must be unique/,
    ],
    [
      'an unknown field',
      rule('    match: "a"\n    severity: high\n'),
      /ideation\.yaml:13:5: self_harm\.ideation\.x: unknown field "severity" \(allowed: id, subcategory/,
    ],
    [
      'a score out of range',
      rule('    match: "a"\n').replace('score: 0.5', 'score: 1.5'),
      /ideation\.yaml:10:12: self_harm\.ideation\.x: score must be in \(0, 1\], got 1\.5/,
    ],
    [
      'a lookahead regex',
      rule('    match: { regex: "kill(?=me)" }\n'),
      /ideation\.yaml:12:21: .*not valid RE2 syntax/,
    ],
    [
      'two operators in one expression',
      rule('    match: { phrase: a, regex: b }\n'),
      /ideation\.yaml:12:12: .*exactly one operator.*phrase, regex/,
    ],
    [
      'an unknown list',
      rule('    match: { list: nope }\n'),
      /ideation\.yaml:12:12: self_harm\.ideation\.x: unknown list "nope"/,
    ],
    [
      'an unknown detector',
      rule('    match: { detector: minor_safety.nope }\n'),
      /ideation\.yaml:12:12: .*unknown detector "minor_safety\.nope" \(plugin minor_safety provides: minor_safety\.age\)/,
    ],
    [
      'a flag nobody sets',
      rule('    match: "a"\n    when: { flags: [ghost] }\n'),
      /ideation\.yaml:7:5: flag "ghost" is tested but no rule sets it/,
    ],
    [
      'a wrong subcategory',
      rule('    match: "a"\n').replace('subcategory: ideation', 'subcategory: plans'),
      /ideation\.yaml:7:9: rule id "self_harm\.ideation\.x": the middle part must equal subcategory "plans"/,
    ],
    [
      'a pack id that does not match the file',
      header.replace('id: self_harm.ideation', 'id: self_harm.other') + '  - {}\n',
      /ideation\.yaml:1:5: pack id "self_harm\.other" must be "self_harm\.ideation"/,
    ],
  ])('reports %s with file:line:column', (_what, source, expected) => {
    const problems = lint(source);
    expect(problems.join('\n')).toMatch(expected);
  });

  it('rejects a pack file name that is not kebab-case', () => {
    const problems = lint(
      header.replace('self_harm.ideation', 'self_harm.Bad_Name') + '  - {}\n',
      'Bad_Name',
    );
    expect(problems.join('\n')).toMatch(
      /Bad_Name\.yaml:1:1: pack file name "Bad_Name\.yaml" must be kebab-case/,
    );
  });
});
