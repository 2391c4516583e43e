import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { CoreModule } from './app.module';
import { createLogger, PinoNestLogger } from './common/logger';
import { StartupError } from './common/startup.error';
import { loadAppConfig, type AppConfig } from './config/app.config';
import { createApp } from './create-app';
import { firstRunNotice } from './first-run';
import { openDataSource } from './persistence/data-source';
import { WORKER_MODULES } from './worker-modules';

/** `--role api|worker|all` (or ROLE); all = the HTTP API plus the in-process worker. */
function roleFromArgs(argv: string[], config: AppConfig): AppConfig['server']['role'] {
  const index = argv.indexOf('--role');
  const role = index >= 0 ? argv[index + 1] : config.server.role;
  if (role !== 'api' && role !== 'worker' && role !== 'all') {
    throw new StartupError(`--role must be api, worker or all (got "${role}")`);
  }
  return role;
}

async function startWorker(config: AppConfig, logger: Logger): Promise<void> {
  const dataSource = await openDataSource(config.database);
  @Module({ imports: [CoreModule.forRoot({ config, dataSource, logger }), ...WORKER_MODULES] })
  class WorkerRootModule {}
  const context = await NestFactory.createApplicationContext(WorkerRootModule, {
    logger: new PinoNestLogger(logger),
  });
  context.enableShutdownHooks();
  logger.info({ workerModules: WORKER_MODULES.length }, 'worker started');
}

export async function serve(config: AppConfig, role: 'api' | 'all'): Promise<void> {
  const logger = createLogger(config.server.logLevel);
  const dataSource = await openDataSource(config.database);
  const app = await createApp({ config, dataSource, logger, withWorker: role === 'all' });
  await app.listen(config.server.port);
  logger.info({ port: config.server.port, role, database: config.database.type }, 'listening');
  const notice = await firstRunNotice(app, config.server.port);
  // Printed to the terminal once, deliberately not through the logger (it holds a key).
  if (notice) process.stdout.write(`${notice}\n`);
}

export async function main(argv = process.argv): Promise<void> {
  const config = loadAppConfig();
  const role = roleFromArgs(argv, config);
  if (role === 'worker') return startWorker(config, createLogger(config.server.logLevel));
  return serve(config, role);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    if (error instanceof StartupError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
