import type { Command } from 'commander';
import { loadAppConfig } from '../../config/app.config';
import { openDataSource } from '../../persistence/data-source';

export function register(program: Command): void {
  program
    .command('migrate')
    .description('Run pending migrations on the configured database (SQLite or DATABASE_URL)')
    .option('--revert', 'revert the last migration instead')
    .action(async (options: { revert?: boolean }) => {
      const config = loadAppConfig({ ...process.env, MIGRATE_ON_START: 'false' });
      const dataSource = await openDataSource(config.database);
      try {
        if (options.revert) {
          await dataSource.undoLastMigration({ transaction: 'each' });
          console.log('Reverted the last migration.');
        } else {
          const ran = await dataSource.runMigrations({ transaction: 'each' });
          console.log(
            ran.length === 0
              ? 'Schema is up to date.'
              : `Applied ${ran.map((migration) => migration.name).join(', ')}.`,
          );
        }
      } finally {
        await dataSource.destroy();
      }
    });
}
