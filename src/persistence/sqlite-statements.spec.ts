import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SqliteStatements } from './sqlite-statements';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe(SqliteStatements.name, () => {
  let dir: string;
  let dataSource: DataSource;
  let other: BetterSqlite3.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-statements-'));
    const path = join(dir, 'test.sqlite');
    dataSource = new DataSource({ type: 'better-sqlite3', database: path });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE t (n integer)');
    other = new BetterSqlite3(path);
  });

  afterEach(async () => {
    other.close();
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sees another connection's commit from the next turn of the event loop on", async () => {
    const sut = new SqliteStatements(dataSource);
    const before = sut.dataVersion();
    other.exec('INSERT INTO t VALUES (1)');
    // Same turn: requests handled now were received before that commit.
    expect(sut.dataVersion()).toBe(before);
    await nextTurn();
    expect(sut.dataVersion()).not.toBe(before);
  });

  it('is not moved by its own commits', async () => {
    const sut = new SqliteStatements(dataSource);
    const before = sut.dataVersion();
    sut.exec('INSERT INTO t VALUES (1)');
    await nextTurn();
    expect(sut.dataVersion()).toBe(before);
  });
});
