import type { DataSource, EntityManager } from 'typeorm';
import { SqliteGroupCommit } from './sqlite-group-commit';
import { SqliteStatements } from './sqlite-statements';

/**
 * The one way to write. PostgreSQL: a plain transaction; row locks (SELECT ... FOR UPDATE)
 * taken inside serialise conflicting writers across instances. SQLite: TypeORM's
 * better-sqlite3 driver has one connection, so two interleaved transactions would share it;
 * every write runs through an in-process group commit (see SqliteGroupCommit: writes queued
 * meanwhile share one COMMIT, each in its own savepoint). The consequence: an embedded
 * (SQLite) deployment is a single instance whose writes are serial; reads stay concurrent,
 * and because they share the one connection, a read may see a write of the running batch
 * before its COMMIT. Scale out on PostgreSQL.
 */
export class Database {
  private readonly statements: SqliteStatements;
  private readonly groupCommit: SqliteGroupCommit;

  constructor(readonly dataSource: DataSource) {
    this.statements = new SqliteStatements(dataSource);
    this.groupCommit = new SqliteGroupCommit(dataSource, this.statements);
  }

  get isPostgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.isPostgres) return this.dataSource.transaction(work);
    return this.groupCommit.run(work);
  }

  /**
   * A raw parameterised statement, for the hot path of every turn, where the ORM's query
   * building costs several times the statement itself. Write `?` placeholders; they become
   * `$1..$n` on PostgreSQL. Pass the transaction's manager to run inside it (SQLite has one
   * connection, so there every statement runs in the open transaction, if any).
   */
  async query<T>(
    sql: string,
    params: unknown[],
    manager: EntityManager = this.manager,
  ): Promise<T[]> {
    if (this.isPostgres) return manager.query(numbered(sql), params) as Promise<T[]>;
    return this.statements.query<T>(sql, sqliteParams(params));
  }

  /** A raw UPDATE or DELETE as in `query`; returns how many rows it changed. */
  async execute(
    sql: string,
    params: unknown[],
    manager: EntityManager = this.manager,
  ): Promise<number> {
    if (this.isPostgres) {
      // TypeORM answers an UPDATE/DELETE on PostgreSQL as [rows, affected count].
      const [, affected] = (await manager.query(numbered(sql), params)) as [unknown[], number];
      return affected;
    }
    return this.statements.run(sql, sqliteParams(params));
  }

  /**
   * A marker that changes whenever a writer other than this process's Database committed
   * (on SQLite: the CLI, or any other connection to the file), or null where that is not
   * cheaply known (PostgreSQL: other instances). An in-process cache of rows that this
   * process only changes through code that also invalidates the cache stays exact as long as
   * the marker has not changed.
   */
  externalChangeMarker(): number | null {
    return this.isPostgres ? null : this.statements.dataVersion();
  }

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}

/** `?` placeholders as PostgreSQL's `$1..$n`. */
const numbered = (sql: string): string => {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
};

/** better-sqlite3 binds no booleans: they are stored as 0/1, as TypeORM does. */
const sqliteParams = (params: unknown[]): unknown[] =>
  params.map((value) => (typeof value === 'boolean' ? Number(value) : value));

/** Unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string } }).driverError ?? error;
  const code = (driverError as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
