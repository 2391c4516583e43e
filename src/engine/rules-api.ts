import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The Nest-free API of the rules engine, for the CLI, eval, bench and scripts:
 *
 *   const ruleSet = loadRuleSet(defaultRuleSetOptions());
 *   const outcome = ruleSet.evaluate(turnContext);      // StageOutcome + shadowFindings
 *   const runner = new ConversationRunner(ruleSet);     // multi-turn, in memory
 *   const { verdict } = runner.assess('i am 14');       // TurnVerdict (severity, categories, ...)
 */

export {
  CompiledRuleSet,
  type PackSummary,
  type RulesOutcome,
} from './rule-pack/compiled-rule-set';
export { ConversationRunner } from './rule-pack/conversation-runner';
export { formatProblem, type Problem } from './rule-pack/problems';
export {
  buildRuleSet,
  loadRuleSet,
  RuleSetLoadError,
  type RuleSetBuild,
  type RuleSetOptions,
} from './rule-pack/rule-set-loader';
export {
  runCase,
  runCaseTests,
  runInlineTests,
  type RuleTestResult,
} from './rule-pack/rule-test-runner';

/** The project root: the nearest ancestor of this file with a package.json (works from src/ and dist/). */
export function projectRoot(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/**
 * Default locations: `RULES_DIR` or `<root>/rules`; `PLUGINS_DIR` or the `plugins/` folder
 * that sits next to this build (`<root>/plugins` for ts runs, `dist/plugins` for compiled runs).
 */
export function defaultRuleSetOptions(env: NodeJS.ProcessEnv = process.env): {
  rulesDir: string;
  pluginsDir: string;
} {
  return {
    rulesDir: resolve(env.RULES_DIR ?? join(projectRoot(), 'rules')),
    pluginsDir: resolve(env.PLUGINS_DIR ?? join(__dirname, '..', '..', 'plugins')),
  };
}
