import BetterSqlite3 from 'better-sqlite3';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { DatabaseConfig } from '../../../src/config/app.config';
import { newId, nowIso } from '../../../src/persistence/columns';
import { openDataSource } from '../../../src/persistence/data-source';
import { Database } from '../../../src/persistence/database';
import { TenantEntity } from '../../../src/persistence/entities/tenant.entity';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database';

/**
 * The embedded database's group commit (SqliteGroupCommit behind Database.write): writes that
 * queue up together share one COMMIT, each in its own savepoint. These tests protect what
 * the assess route relies on: a failing turn never takes its neighbours down, and nothing
 * is acknowledged before it is committed.
 */
describe('SQLite group commit', () => {
  let testDb: TestDatabase;
  let dataSource: DataSource;
  let db: Database;
  /** A second connection to the same file: it sees committed data only. */
  let observer: BetterSqlite3.Database;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    const config = new DatabaseConfig();
    config.sqlitePath = testDb.env.SQLITE_PATH;
    dataSource = await openDataSource(config);
    db = new Database(dataSource);
    observer = new BetterSqlite3(testDb.env.SQLITE_PATH, { readonly: true });
  });

  afterAll(async () => {
    observer?.close();
    await dataSource?.destroy();
    await testDb?.drop();
  });

  const insertTenant = (manager: EntityManager, name: string, id = newId()) =>
    db.query(
      'INSERT INTO tenant (id, name, created_at) VALUES (?, ?, ?)',
      [id, name, nowIso()],
      manager,
    );
  const committed = (name: string): boolean =>
    observer.prepare('SELECT 1 FROM tenant WHERE name = ?').get(name) !== undefined;
  const settle = <T>(promise: Promise<T>) =>
    promise.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );

  it('commits writes queued together in one transaction and acknowledges them only after it', async () => {
    const tag = newId();
    let firstAcknowledged = false;
    let seenByLastUnit: { firstVisibleOutside: boolean; firstAcknowledged: boolean } | undefined;
    const first = db
      .write((manager) => insertTenant(manager, `${tag}-first`))
      .then(() => (firstAcknowledged = true));
    const last = db.write(async (manager) => {
      await insertTenant(manager, `${tag}-last`);
      seenByLastUnit = { firstVisibleOutside: committed(`${tag}-first`), firstAcknowledged };
    });
    await Promise.all([first, last]);
    // Same batch: when the second unit ran, the first one's row was written but not yet
    // committed, and its caller had not been answered.
    expect(seenByLastUnit).toEqual({ firstVisibleOutside: false, firstAcknowledged: false });
    expect(committed(`${tag}-first`)).toBe(true);
    expect(committed(`${tag}-last`)).toBe(true);
  });

  it('rolls a failing unit back alone; its neighbours in the batch still commit', async () => {
    const tag = newId();
    const takenId = newId();
    await db.write((manager) => insertTenant(manager, `${tag}-existing`, takenId));

    const results = await Promise.all([
      settle(db.write((manager) => insertTenant(manager, `${tag}-before`))),
      settle(
        db.write(async (manager) => {
          await insertTenant(manager, `${tag}-partial`); // written, then undone with the unit
          await insertTenant(manager, `${tag}-duplicate`, takenId);
        }),
      ),
      settle(
        db.write(async (manager) => {
          await manager.save(
            Object.assign(new TenantEntity(), {
              id: newId(),
              name: `${tag}-orm`,
              createdAt: nowIso(),
            }),
          );
          throw new Error('refused by the caller');
        }),
      ),
      settle(db.write((manager) => insertTenant(manager, `${tag}-after`))),
    ]);

    expect(results.map((result) => result.ok)).toEqual([true, false, false, true]);
    const [, duplicate, refused] = results;
    // The driver error keeps TypeORM's shape, which callers (isUniqueViolation) rely on.
    expect(!duplicate.ok && duplicate.error).toBeInstanceOf(QueryFailedError);
    expect(!duplicate.ok && (duplicate.error as QueryFailedError).driverError).toMatchObject({
      code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    });
    expect(!refused.ok && (refused.error as Error).message).toBe('refused by the caller');
    expect(committed(`${tag}-before`)).toBe(true);
    expect(committed(`${tag}-after`)).toBe(true);
    expect(committed(`${tag}-partial`)).toBe(false);
    expect(committed(`${tag}-orm`)).toBe(false);
  });

  it('fails a write on a closed database instead of leaving it pending', async () => {
    const config = new DatabaseConfig();
    config.sqlitePath = testDb.env.SQLITE_PATH;
    const closing = await openDataSource(config);
    const closedDb = new Database(closing);
    await closing.destroy();
    await expect(closedDb.write(async () => 'never committed')).rejects.toThrow();
  });

  it('fails every unit of a batch whose transaction ended, and keeps writing afterwards', async () => {
    const tag = newId();
    const results = await Promise.all([
      settle(db.write((manager) => insertTenant(manager, `${tag}-neighbour`))),
      // What SQLite does on its own on disk-full or I/O errors: the whole transaction ends.
      settle(
        db.write(async (manager) => {
          await db.query('ROLLBACK', [], manager);
          throw new Error('disk full');
        }),
      ),
    ]);
    expect(results.map((result) => result.ok)).toEqual([false, false]);
    expect(committed(`${tag}-neighbour`)).toBe(false);

    // Lone writes and writes through TypeORM's own transaction handling work again.
    await db.write((manager) => insertTenant(manager, `${tag}-next`));
    await db.write((manager) =>
      manager.save(
        Object.assign(new TenantEntity(), { id: newId(), name: `${tag}-orm`, createdAt: nowIso() }),
      ),
    );
    expect(committed(`${tag}-next`)).toBe(true);
    expect(committed(`${tag}-orm`)).toBe(true);
  });
});
