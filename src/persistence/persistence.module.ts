import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { CONVERSATION_HISTORY, LATE_REFINEMENT_RECORDER } from '../engine/pipeline/ports';
import { Database } from './database';
import { ApiKeyRepository } from './repositories/api-key.repository';
import { AssessmentRepository } from './repositories/assessment.repository';
import { ConversationRepository } from './repositories/conversation.repository';
import { IdempotencyRepository } from './repositories/idempotency.repository';
import { TenantRepository } from './repositories/tenant.repository';
import { UsageRepository } from './repositories/usage.repository';

const REPOSITORIES = [
  TenantRepository,
  ApiKeyRepository,
  ConversationRepository,
  AssessmentRepository,
  IdempotencyRepository,
  UsageRepository,
];

/**
 * Global: repositories are the only code touching TypeORM, and the engine ports
 * (CONVERSATION_HISTORY, LATE_REFINEMENT_RECORDER) are provided here for the LLM stage.
 * The DataSource is opened by the caller (main, CLI, tests) and closed on shutdown.
 */
@Global()
@Module({})
export class PersistenceModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  static forDataSource(dataSource: DataSource): DynamicModule {
    return {
      module: PersistenceModule,
      providers: [
        { provide: Database, useValue: new Database(dataSource) },
        ...REPOSITORIES,
        { provide: CONVERSATION_HISTORY, useExisting: AssessmentRepository },
        { provide: LATE_REFINEMENT_RECORDER, useExisting: AssessmentRepository },
      ],
      exports: [Database, ...REPOSITORIES, CONVERSATION_HISTORY, LATE_REFINEMENT_RECORDER],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    const { dataSource } = this.moduleRef.get(Database);
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}
