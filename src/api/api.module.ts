import { Module } from '@nestjs/common';
import { AssessmentModule } from '../assessment/assessment.module';
import { EngineModule } from '../engine/engine.module';
import { RulesReloadModule } from '../engine/rules/rules-reload.module';
import { AssessmentController } from './assessment.controller';
import { ConversationController } from './conversation.controller';
import { DocsController } from './docs.controller';
import { HealthController } from './health.controller';
import { RulesAdminController } from './rules-admin.controller';
import { UsageController } from './usage.controller';

@Module({
  imports: [AssessmentModule, EngineModule, RulesReloadModule],
  controllers: [
    AssessmentController,
    ConversationController,
    UsageController,
    HealthController,
    DocsController,
    RulesAdminController,
  ],
})
export class ApiModule {}
