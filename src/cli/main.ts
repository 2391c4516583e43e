#!/usr/bin/env node
import 'reflect-metadata';
import { Command } from 'commander';
import { StartupError } from '../common/startup.error';
import { register as registerAssess } from './commands/assess.command';
import { register as registerEval } from './commands/eval.command';
import { register as registerKeys } from './commands/keys.command';
import { register as registerMigrate } from './commands/migrate.command';
import { register as registerRules } from './commands/rules.command';
import { register as registerServe } from './commands/serve.command';
import { register as registerTenants } from './commands/tenants.command';
import { register as registerUsers } from './commands/users.command';

/**
 * `npm run cli -- <command>`. Each command lives in commands/<name>.command.ts and exports
 * `register(program)`; add one import and one call below for a new command.
 */
export function buildProgram(): Command {
  const program = new Command()
    .name('conversation-analytics')
    .description('Conversation Analytics: serve, migrate, manage tenants and API keys')
    .showHelpAfterError();
  registerServe(program);
  registerMigrate(program);
  registerTenants(program);
  registerKeys(program);
  registerAssess(program);
  registerEval(program);
  registerRules(program);
  registerUsers(program);
  return program;
}

if (require.main === module) {
  buildProgram()
    .parseAsync(process.argv)
    .catch((error: unknown) => {
      console.error(error instanceof StartupError ? error.message : error);
      process.exit(1);
    });
}
