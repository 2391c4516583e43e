import { Module } from '@nestjs/common';
import { RulesEngineService } from './rules/rules-engine.service';
import { RulesStage } from './rules/rules.stage';

@Module({
  providers: [RulesEngineService, RulesStage],
  exports: [RulesEngineService, RulesStage],
})
export class EngineModule {}
