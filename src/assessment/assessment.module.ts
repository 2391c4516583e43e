import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { LlmModule } from '../llm/llm.module';
import { AssessmentPipeline } from './assessment-pipeline.service';
import { assessmentStagesProvider } from './assessment-stages.provider';
import { AssessmentService } from './assessment.service';
import { IdempotencyService } from './idempotency.service';
import { RetentionService } from './retention.service';

@Module({
  imports: [EngineModule, LlmModule.register()],
  providers: [
    assessmentStagesProvider,
    AssessmentPipeline,
    AssessmentService,
    IdempotencyService,
    RetentionService,
  ],
  exports: [AssessmentService, AssessmentPipeline],
})
export class AssessmentModule {}
