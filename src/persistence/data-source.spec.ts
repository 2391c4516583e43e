import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { DatabaseConfig } from '../config/app.config';
import { openDataSource } from './data-source';

describe('openDataSource (embedded SQLite)', () => {
  let dir: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-data-source-'));
    const config = Object.assign(new DatabaseConfig(), {
      sqlitePath: join(dir, 'nested', 'service.sqlite'),
    });
    dataSource = await openDataSource(config);
  });

  afterAll(async () => {
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const pragma = async (name: string): Promise<unknown> => {
    const [row] = (await dataSource.query(`PRAGMA ${name}`)) as Record<string, unknown>[];
    return Object.values(row)[0];
  };

  it('creates the directory and runs the migrations', async () => {
    const tables = (await dataSource.query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'assessment'",
    )) as unknown[];
    expect(tables).toHaveLength(1);
  });

  // The settings the group commit's cost and crash guarantees are measured with.
  it.each([
    ['journal_mode', 'wal'],
    ['synchronous', 1], // NORMAL
    ['wal_autocheckpoint', 10_000],
    ['temp_store', 2], // MEMORY: savepoint journals never touch a temporary file
    ['foreign_keys', 1],
  ])('sets %s', async (name, expected) => {
    expect(await pragma(name)).toBe(expected);
  });
});
