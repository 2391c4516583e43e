import type { StageOutcome, TurnContext } from '../engine/pipeline/assessment-stage';
import type { Policy } from '../engine/pipeline/policy';

/**
 * The slice of the rules engine that batch assessment, evaluation and the benchmark need:
 * a loaded rule set that evaluates one turn synchronously. `RulesEngineService` and the
 * engine's Nest-free rule set both have this shape.
 */
export interface TurnEvaluator {
  readonly rulesVersion: string;
  readonly policy: Policy;
  evaluate(context: TurnContext): StageOutcome;
}
