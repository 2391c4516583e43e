import type { Provider } from '@nestjs/common';
import type { AssessmentStage } from '../engine/pipeline/assessment-stage';
import { RulesStage } from '../engine/rules/rules.stage';
import { LlmStage } from '../llm/llm.stage';

/** The pipeline's stages, in run order. The only place that lists them. */
export const ASSESSMENT_STAGES = Symbol('ASSESSMENT_STAGES');

export const assessmentStagesProvider: Provider = {
  provide: ASSESSMENT_STAGES,
  inject: [RulesStage, LlmStage],
  // The LLM stage joins only when an endpoint is configured (LLM_BASE_URL).
  useFactory: (rulesStage: RulesStage, llmStage: LlmStage): AssessmentStage[] => [
    rulesStage,
    ...(llmStage.enabled ? [llmStage] : []),
  ],
};
