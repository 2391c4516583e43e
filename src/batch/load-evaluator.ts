import { resolve } from 'node:path';
import {
  buildRuleSet,
  defaultRuleSetOptions,
  formatProblem,
  loadRuleSet,
} from '../engine/rules-api';
import type { TurnEvaluator } from './turn-evaluator';

export type EvaluatorLocation = {
  rulesDir?: string;
  pluginsDir?: string;
  /**
   * Authoring mode: packs with problems are left out (and reported on stderr) instead of
   * failing the load, so pack writers can measure the rest. Off by default: eval measures
   * exactly what the service would load.
   */
  partial?: boolean;
};

const SHOWN = 8;

/** A few lines on stderr, not hundreds: `npm run rules:lint` lists everything. */
function report(kind: string, messages: string[]): void {
  for (const message of messages.slice(0, SHOWN)) console.warn(`${kind}: ${message}`);
  if (messages.length > SHOWN) {
    console.warn(`... and ${messages.length - SHOWN} more ${kind}s (npm run rules:lint lists all)`);
  }
}

/**
 * Loads the shipped rule set for in-process use (batch assess, eval, bench) through the
 * engine's Nest-free API. The one place that knows how the engine is built outside Nest.
 */
export async function loadTurnEvaluator(location: EvaluatorLocation = {}): Promise<TurnEvaluator> {
  const defaults = defaultRuleSetOptions();
  const options = {
    rulesDir: location.rulesDir ? resolve(location.rulesDir) : defaults.rulesDir,
    pluginsDir: location.pluginsDir ? resolve(location.pluginsDir) : defaults.pluginsDir,
  };
  if (!location.partial) return loadRuleSet(options);

  const build = buildRuleSet({ ...options, partial: true, requirePlugins: false });
  report('problem', build.problems.map(formatProblem));
  report('warning', build.warnings);
  if (!build.ruleSet) throw new Error('no rule set could be built, even partially');
  return build.ruleSet;
}
