import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { AssessmentPipeline } from './assessment-pipeline.service';
import { assessmentStagesProvider } from './assessment-stages.provider';
import { AssessmentService } from './assessment.service';
import { IdempotencyService } from './idempotency.service';
import { RetentionService } from './retention.service';

@Module({
  imports: [EngineModule],
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
