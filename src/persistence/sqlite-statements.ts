import type BetterSqlite3 from 'better-sqlite3';
import { QueryFailedError, type DataSource } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';

/** More distinct statements than the service has; dynamic SQL beyond it is prepared again. */
const MAX_CACHED_STATEMENTS = 200;

/**
 * Runs raw statements straight on better-sqlite3's one connection, prepared once. TypeORM's
 * query path wraps every statement in several promise hops, a logger call and subscriber
 * broadcasts; a turn runs about eight statements. Same connection as TypeORM, so a statement issued inside a write
 * transaction runs in it. Failures are thrown as TypeORM's QueryFailedError, like the ORM path, so callers and
 * the error filter see one shape.
 */
export class SqliteStatements {
  private connection: BetterSqlite3.Database | undefined;
  private readonly cache = new Map<string, BetterSqlite3.Statement<unknown[]>>();
  private dataVersionThisTurn: number | undefined;

  constructor(private readonly dataSource: DataSource) {}

  /** Rows for a reading statement, nothing for a writing one. */
  query<T>(sql: string, params: unknown[]): T[] {
    try {
      const statement = this.prepare(sql);
      return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
    } catch (error) {
      throw new QueryFailedError(sql, params, error as Error);
    }
  }

  /** A writing statement; returns how many rows it changed. */
  run(sql: string, params: unknown[]): number {
    try {
      return this.prepare(sql).run(...params).changes;
    } catch (error) {
      throw new QueryFailedError(sql, params, error as Error);
    }
  }

  /** A statement without parameters or results (transaction control). */
  exec(sql: string): void {
    this.query(sql, []);
  }

  /**
   * SQLite's data_version: changes whenever another connection (another process, or another
   * connection of this one) has committed to the file since; this connection's own commits
   * leave it alone.
   *
   * Read once per turn of the event loop, not per caller: outside a transaction the pragma
   * opens a read transaction of its own, dearer than an indexed SELECT. The requests handled
   * in one turn of the loop were received when that turn polled for I/O, before the value was
   * read: a commit the value misses landed after they arrived, and a request that arrives
   * after the commit is handled in a later turn, which reads the pragma again.
   */
  dataVersion(): number {
    if (this.dataVersionThisTurn === undefined) {
      const [row] = this.query<{ data_version: number }>('PRAGMA data_version', []);
      this.dataVersionThisTurn = row.data_version;
      setImmediate(() => (this.dataVersionThisTurn = undefined));
    }
    return this.dataVersionThisTurn;
  }

  /** Whether the connection is inside a transaction (SQLite may end one on its own). */
  get inTransaction(): boolean {
    return this.currentConnection().inTransaction;
  }

  private currentConnection(): BetterSqlite3.Database {
    const connection = (this.dataSource.driver as BetterSqlite3Driver)
      .databaseConnection as BetterSqlite3.Database;
    if (connection !== this.connection) {
      // Re-initialised data source (tests): statements belong to the old connection.
      this.cache.clear();
      this.connection = connection;
    }
    return connection;
  }

  private prepare(sql: string): BetterSqlite3.Statement<unknown[]> {
    const connection = this.currentConnection();
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = connection.prepare<unknown[]>(sql);
      if (this.cache.size >= MAX_CACHED_STATEMENTS) {
        this.cache.delete(this.cache.keys().next().value as string);
      }
      this.cache.set(sql, statement);
    }
    return statement;
  }
}
