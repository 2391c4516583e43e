import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { ApiModule } from './api/api.module';
import { AssessmentModule } from './assessment/assessment.module';
import { AuthModule } from './auth/auth.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { LOGGER } from './common/logger';
import { APP_CONFIG, type AppConfig } from './config/app.config';
import { ObservabilityModule } from './observability/observability.module';
import { PersistenceModule } from './persistence/persistence.module';
import { PortalModule } from './portal/portal.module';

export type AppModuleOptions = {
  config: AppConfig;
  dataSource: DataSource;
  logger: Logger;
  /** Extra modules, e.g. the in-process worker for ROLE=all (see src/worker-modules.ts). */
  extraImports?: ModuleMetadata['imports'];
};

/** Everything global the other modules rely on: config, logger, persistence, metrics. */
@Module({})
export class CoreModule {
  static forRoot(options: Omit<AppModuleOptions, 'extraImports'>): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      imports: [PersistenceModule.forDataSource(options.dataSource), ObservabilityModule],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: LOGGER, useValue: options.logger },
      ],
      exports: [APP_CONFIG, LOGGER, PersistenceModule, ObservabilityModule],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(options),
        AuthModule,
        AssessmentModule,
        ApiModule,
        PortalModule,
        ...(options.extraImports ?? []),
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
