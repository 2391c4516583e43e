import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { PinoNestLogger } from './common/logger';
import { jsonBody, requestContext, requireJson } from './common/http-middleware';
import type { AppConfig } from './config/app.config';
import { Metrics } from './observability/metrics';
import { WORKER_MODULES } from './worker-modules';

/**
 * Builds the HTTP application (not yet listening). Used by main, the CLI `serve`, the
 * tests and the benchmark, so they all run the same stack.
 */
export async function createApp(input: {
  config: AppConfig;
  dataSource: DataSource;
  logger: Logger;
  withWorker?: boolean;
}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({
      config: input.config,
      dataSource: input.dataSource,
      logger: input.logger,
      extraImports: input.withWorker ? WORKER_MODULES : [],
    }),
    { bodyParser: false, logger: new PinoNestLogger(input.logger), abortOnError: false },
  );
  app.enableShutdownHooks();
  return configureApp(app, input.config, input.logger);
}

/**
 * The HTTP pipeline in front of Nest's router; shared with the test harness, which builds
 * the module through Nest's testing module but must serve exactly the same stack.
 */
export async function configureApp(
  app: NestExpressApplication,
  config: AppConfig,
  logger: Logger,
): Promise<NestExpressApplication> {
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestContext(logger, app.get(Metrics)));
  app.use(requireJson());
  app.use(jsonBody(config.limits.maxBodyBytes));
  await app.init();
  return app;
}
