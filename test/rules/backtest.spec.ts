import { backtest, type StoredTurn } from '../../src/engine/backtest/backtest';
import { loadRuleSet } from '../../src/engine/rules-api';
import { CATEGORY_IDS, type CategoryId, type Level } from '../../src/engine/taxonomy';
import { FIXTURE_PLUGINS, FIXTURE_RULES } from './engine-fixture';

const none = () =>
  Object.fromEntries(CATEGORY_IDS.map((c) => [c, 'none'])) as Record<CategoryId, Level>;
const stored = (
  id: string,
  text: string | null,
  levels: Partial<Record<CategoryId, Level>> = {},
): StoredTurn => {
  const categoryLevels = { ...none(), ...levels };
  const severity = Object.values(categoryLevels).includes('high')
    ? 'high'
    : Object.values(categoryLevels).includes('low')
      ? 'low'
      : 'none';
  return {
    assessmentId: id,
    text,
    speakerType: 'user',
    severity,
    action: severity === 'high' ? 'block' : severity === 'low' ? 'monitor' : 'none',
    categoryLevels,
  };
};

describe('backtest over a seeded history', () => {
  it('reports changes by severity, action and category with example assessment ids', async () => {
    const ruleSet = loadRuleSet({
      rulesDir: FIXTURE_RULES,
      pluginsDir: FIXTURE_PLUGINS,
      requirePlugins: false,
    });
    const history = {
      async *conversations() {
        // Answered before the fixture rules existed: everything was none.
        yield [stored('asm_1', "i'm 14"), stored('asm_2', 'i love you'), stored('asm_3', null)];
        // Answered high by an older rule that no longer fires.
        yield [stored('asm_4', 'hello there', { violence: 'high' })];
        // Unchanged.
        yield [stored('asm_5', 'what a nice day')];
      },
    };
    const report = await backtest(ruleSet, history);
    expect(report).toMatchObject({
      conversations: 3,
      turns: 5,
      skippedWithoutText: 1,
      changedTurns: 3,
    });
    expect(report.categories.minor_safety).toEqual({
      raised: 2,
      lowered: 0,
      examples: ['asm_1', 'asm_2'],
    });
    expect(report.categories.violence).toEqual({ raised: 0, lowered: 1, examples: ['asm_4'] });
    expect(report.severity).toEqual(
      expect.arrayContaining([
        { from: 'none', to: 'low', count: 1, examples: ['asm_1'] },
        { from: 'none', to: 'high', count: 1, examples: ['asm_2'] },
        { from: 'high', to: 'none', count: 1, examples: ['asm_4'] },
      ]),
    );
    expect(report.action).toEqual(
      expect.arrayContaining([{ from: 'none', to: 'escalate', count: 1, examples: ['asm_2'] }]),
    );
  });
});
