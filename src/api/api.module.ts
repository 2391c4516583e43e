import { Module } from '@nestjs/common';
import { AssessmentModule } from '../assessment/assessment.module';
import { AssessmentController } from './assessment.controller';
import { ConversationController } from './conversation.controller';
import { DocsController } from './docs.controller';
import { HealthController } from './health.controller';
import { UsageController } from './usage.controller';

@Module({
  imports: [AssessmentModule],
  controllers: [
    AssessmentController,
    ConversationController,
    UsageController,
    HealthController,
    DocsController,
  ],
})
export class ApiModule {}
