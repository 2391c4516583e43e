import { Inject, Injectable } from '@nestjs/common';
import { scoreTurn, type TurnVerdict } from '../engine/pipeline/assessment-scorer';
import type {
  AssessmentStage,
  Finding,
  FlagRequest,
  StageOutcome,
  TurnContext,
} from '../engine/pipeline/assessment-stage';
import { RulesEngineService } from '../engine/rules/rules-engine.service';
import { Metrics } from '../observability/metrics';
import { ASSESSMENT_STAGES } from './assessment-stages.provider';

export type PipelineResult = {
  verdict: TurnVerdict;
  flags: FlagRequest[];
  /** What shadow rules would have found (stored, never answered). */
  shadowFindings: Finding[];
  rulesVersion: string;
  emaAlpha: number;
};

/** Runs the registered stages in order, each seeing the earlier outcomes, then scores. */
@Injectable()
export class AssessmentPipeline {
  constructor(
    @Inject(ASSESSMENT_STAGES) private readonly stages: AssessmentStage[],
    private readonly rules: RulesEngineService,
    private readonly metrics: Metrics,
  ) {}

  async run(context: TurnContext): Promise<PipelineResult> {
    // Read once so the whole turn uses one policy/rule set even if a reload lands meanwhile.
    const policy = this.rules.policy;
    const rulesVersion = this.rules.rulesVersion;
    const outcomes: StageOutcome[] = [];
    for (const stage of this.stages) {
      const started = performance.now();
      const outcome = await stage.run(context, outcomes);
      this.metrics.stageDuration.observe(
        { stage: stage.name, ran: String(outcome.ran) },
        (performance.now() - started) / 1000,
      );
      outcomes.push(outcome);
    }
    const verdict = scoreTurn(
      outcomes,
      this.stages.map((stage) => stage.name),
      policy,
    );
    const flags = outcomes.filter((outcome) => outcome.ran).flatMap((outcome) => outcome.flags);
    const shadowFindings = outcomes.flatMap((outcome) => outcome.shadowFindings ?? []);
    for (const finding of shadowFindings) this.metrics.shadowRuleHits.inc({ rule: finding.code });
    return { verdict, flags, shadowFindings, rulesVersion, emaAlpha: policy.emaAlpha };
  }
}
