import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import type { DatabaseConfig } from '../config/app.config';
import { ENTITIES } from './entities';

export function dataSourceOptions(config: DatabaseConfig): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, synchronize: false } as const;
  if (config.type === 'postgres') {
    return { ...common, type: 'postgres', url: config.url, extra: { max: 20 } };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.sqlitePath,
    // WAL lets readers (e.g. the CLI) run while the server writes. synchronous=NORMAL is
    // the documented WAL setting: no corruption on power loss, only the last commits may be
    // lost, and no fsync per commit (which would cap the embedded mode at ~100 turns/s).
    // The fsyncs happen at WAL checkpoints, which run inside a commit on the request thread;
    // at the default 1,000 pages (~100 turns) they were the largest cost of a busy commit.
    // 10,000 pages (~40 MB of WAL, ~1,000 turns) makes them ten times rarer; the guarantee
    // is the same kind (consistent after a crash, recent commits may be lost).
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('wal_autocheckpoint = 10000');
      db.pragma('busy_timeout = 5000');
      // Each turn of a group commit runs in its own SAVEPOINT, and SQLite copies every page a
      // savepoint first changes into a statement journal: a temporary file by default (opened,
      // written and deleted per batch). Kept in memory, the copy is a memcpy; nothing durable
      // lives there (a crash discards the open transaction either way).
      db.pragma('temp_store = MEMORY');
    },
  };
}

/** Opens the database (creating the SQLite directory) and runs migrations when configured. */
export async function openDataSource(config: DatabaseConfig): Promise<DataSource> {
  if (config.type === 'sqlite' && config.sqlitePath !== ':memory:') {
    mkdirSync(dirname(config.sqlitePath), { recursive: true });
  }
  const dataSource = new DataSource(dataSourceOptions(config));
  await dataSource.initialize();
  const migrate =
    config.migrateOnStart === 'true' ||
    (config.migrateOnStart === 'auto' && config.type === 'sqlite');
  if (migrate) await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
