import type { Command } from 'commander';
import { loadAppConfig } from '../../config/app.config';
import { serve } from '../../main';

export function register(program: Command): void {
  program
    .command('serve')
    .description('Start the HTTP API (ROLE=all also runs the in-process worker)')
    .option('-p, --port <port>', 'port to listen on (default PORT or 3000)')
    .option('--role <role>', 'api or all', 'all')
    .action(async (options: { port?: string; role: string }) => {
      const config = loadAppConfig({
        ...process.env,
        ...(options.port ? { PORT: options.port } : {}),
      });
      if (options.role !== 'api' && options.role !== 'all') {
        throw new Error('serve --role must be api or all (use `npm run worker` for workers)');
      }
      await serve(config, options.role);
    });
}
