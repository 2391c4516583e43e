import {
  buildRuleSet,
  defaultRuleSetOptions,
  formatProblem,
  runCase,
} from '../../src/engine/rules-api';

/**
 * One jest test per inline example and per multi-turn case of every shipped pack, built
 * exactly as the service builds the rule set (strict: every pack needs its plugin).
 */
// partial: a broken pack fails "load without problems" but the other packs still get their tests.
const build = buildRuleSet({ ...defaultRuleSetOptions(), requirePlugins: true, partial: true });

describe('shipped rule packs', () => {
  it('load without problems', () => {
    expect(build.problems.map(formatProblem)).toEqual([]);
  });

  const ruleSet = build.ruleSet;
  if (!ruleSet) return;

  for (const pack of ruleSet.packs) {
    describe(pack.id, () => {
      for (const { definition } of ruleSet.rules.filter((r) => r.definition.packId === pack.id)) {
        describe(definition.id, () => {
          for (const example of definition.tests.match) {
            it(`matches ${JSON.stringify(example.text)}`, () => {
              expect(ruleSet.ruleFires(definition.id, example.text)).toBe(true);
            });
          }
          for (const example of definition.tests.noMatch) {
            it(`does not match ${JSON.stringify(example.text)}`, () => {
              expect(ruleSet.ruleFires(definition.id, example.text)).toBe(false);
            });
          }
        });
      }
      const file = build.testFiles.find((f) => f.packId === pack.id);
      for (const testCase of file?.cases ?? []) {
        it(`case: ${testCase.name}`, () => {
          const result = runCase(ruleSet, file!, testCase);
          expect(result.failure ?? 'passed').toBe('passed');
        });
      }
    });
  }
});
