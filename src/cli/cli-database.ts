import type { DataSource } from 'typeorm';
import { loadAppConfig } from '../config/app.config';
import { openDataSource } from '../persistence/data-source';
import { Database } from '../persistence/database';

/** Opens the configured database for one CLI command and always closes it. */
export async function withDatabase<T>(
  work: (db: Database, dataSource: DataSource) => Promise<T>,
): Promise<T> {
  const config = loadAppConfig();
  const dataSource = await openDataSource(config.database);
  try {
    return await work(new Database(dataSource), dataSource);
  } finally {
    await dataSource.destroy();
  }
}
