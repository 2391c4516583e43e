import { join } from 'node:path';
import type { CompiledRuleSet } from '../../src/engine/rule-pack/compiled-rule-set';
import { buildRuleSet } from '../../src/engine/rule-pack/rule-set-loader';
import type { TurnContext } from '../../src/engine/pipeline/assessment-stage';
import { CATEGORY_IDS, type CategoryId, type SpeakerType } from '../../src/engine/taxonomy';

export const FIXTURE_RULES = join(__dirname, 'fixtures', 'basic');
export const FIXTURE_PLUGINS = join(__dirname, '..', 'plugins', 'fixtures', 'valid');

export function turnContext(text: string, speakerType: SpeakerType = 'user'): TurnContext {
  return {
    tenantId: 't',
    mode: 'test',
    turn: { eventId: 'evt_1', conversationId: 'conv_1', text, speakerType },
    conversation: {
      turns: 0,
      peak: 'none',
      ema: 0,
      categoryCounts: Object.fromEntries(CATEGORY_IDS.map((c) => [c, 0])) as Record<
        CategoryId,
        number
      >,
      flags: [],
    },
  };
}

/** The rule set of a temporary rules folder (no plugins); any load problem fails the test. */
export function ruleSetIn(dir: string): CompiledRuleSet {
  const build = buildRuleSet({
    rulesDir: dir,
    pluginsDir: join(dir, 'none'),
    requirePlugins: false,
  });
  expect(build.problems).toEqual([]);
  return build.ruleSet as CompiledRuleSet;
}
