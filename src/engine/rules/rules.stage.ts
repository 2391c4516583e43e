import { Injectable } from '@nestjs/common';
import type { AssessmentStage, StageOutcome, TurnContext } from '../pipeline/assessment-stage';
import { RulesEngineService } from './rules-engine.service';

@Injectable()
export class RulesStage implements AssessmentStage {
  readonly name = 'rules' as const;

  constructor(private readonly engine: RulesEngineService) {}

  async run(context: TurnContext): Promise<StageOutcome> {
    return this.engine.evaluate(context);
  }
}
