import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { ASSESSMENT_STAGES } from '../../src/assessment/assessment-stages.provider';
import { createLogger } from '../../src/common/logger';
import { loadAppConfig, type AppConfig } from '../../src/config/app.config';
import { configureApp } from '../../src/create-app';
import type { AssessmentStage } from '../../src/engine/pipeline/assessment-stage';
import { DEFAULT_POLICY } from '../../src/engine/pipeline/policy';
import { RulesEngineService } from '../../src/engine/rules/rules-engine.service';
import { openDataSource } from '../../src/persistence/data-source';

export type TestApp = {
  app: INestApplication;
  http: Server;
  config: AppConfig;
  dataSource: DataSource;
  close(): Promise<void>;
};

/**
 * The real application (same module graph and HTTP pipeline as `npm start`) on a given
 * database. `stages` replaces the pipeline's stage list (and the rule set, with the default
 * policy), for tests that need a known detection or a slow stage; `rulesDir` loads the rule
 * packs from another folder (a temp copy a test may change); everything else is real.
 */
export async function createTestApp(options: {
  env: Record<string, string>;
  stages?: AssessmentStage[];
  rulesDir?: string;
}): Promise<TestApp> {
  if (options.rulesDir === undefined) return buildTestApp(options);
  // The engine reads RULES_DIR from the process environment when it loads at start.
  const previous = process.env.RULES_DIR;
  process.env.RULES_DIR = options.rulesDir;
  try {
    return await buildTestApp(options);
  } finally {
    if (previous === undefined) delete process.env.RULES_DIR;
    else process.env.RULES_DIR = previous;
  }
}

async function buildTestApp(options: {
  env: Record<string, string>;
  stages?: AssessmentStage[];
}): Promise<TestApp> {
  const config = loadAppConfig({ LOG_LEVEL: 'silent', ...options.env });
  const logger = createLogger(config.server.logLevel);
  const dataSource = await openDataSource(config.database);
  let builder = Test.createTestingModule({
    imports: [AppModule.forRoot({ config, dataSource, logger })],
  });
  if (options.stages) {
    // Scripted stages make the test independent of the loaded rule packs: the engine is
    // replaced by the default policy, so only the service under test is exercised.
    builder = builder
      .overrideProvider(ASSESSMENT_STAGES)
      .useValue(options.stages)
      .overrideProvider(RulesEngineService)
      .useValue({ policy: DEFAULT_POLICY, rulesVersion: 'test' });
  }
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    logger: false,
  });
  await configureApp(app, config, logger);
  await app.listen(0, '127.0.0.1');
  return {
    app,
    http: app.getHttpServer() as Server,
    config,
    dataSource,
    close: () => app.close(),
  };
}
