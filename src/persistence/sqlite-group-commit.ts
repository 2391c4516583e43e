import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { SqliteStatements } from './sqlite-statements';

type Unit = {
  work: (manager: EntityManager) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Bounds how long one batch holds the write lock while turns keep arriving. */
export const MAX_UNITS_PER_BATCH = 64;

const SAVEPOINT = 'group_commit_unit';

/**
 * Group commit for the embedded SQLite database. The driver has a single connection, so write
 * transactions run one after another anyway; what costs is the COMMIT of each (writing the
 * changed pages to the WAL), several times the cost of a turn's statements. Units that queue
 * up while a batch runs therefore share the next BEGIN ... COMMIT, each inside its own
 * SAVEPOINT:
 * - a unit that throws is rolled back to its savepoint alone; its neighbours still commit;
 * - every promise settles only after the COMMIT, so nothing is acknowledged before it is
 *   committed: a process crash mid-batch loses only unacknowledged work (what a power loss
 *   may cost is synchronous=NORMAL's, see data-source.ts);
 * - if the batch itself fails (BEGIN, a savepoint rollback or the COMMIT), it is rolled back
 *   whole and every unit in it fails;
 * - units run in arrival order, one at a time, as with a plain queue. A batch starts after
 *   the current round of I/O callbacks, so a lone write waits for no timer.
 */
export class SqliteGroupCommit {
  private pending: Unit[] = [];
  private draining = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly statements: SqliteStatements,
  ) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /**
   * Started after the current round of I/O callbacks (setImmediate), so the writes of every
   * request that reached this point in that round join the batch: a unit's statements are
   * synchronous, so without the deferral each batch would finish before the next request
   * is even read, and hold one unit.
   */
  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        await this.commitBatch(this.pending.splice(0, MAX_UNITS_PER_BATCH));
      }
    } finally {
      this.draining = false;
    }
  }

  private async commitBatch(batch: Unit[]): Promise<void> {
    // TypeORM's runner opens and commits the transaction so that its own state knows one is
    // active: a unit's manager.save()/update() then joins it instead of issuing a BEGIN.
    const runner = this.dataSource.createQueryRunner();
    const outcomes: Outcome[] = [];
    try {
      await runner.startTransaction();
      for (const unit of batch) outcomes.push(await this.runUnit(unit, runner.manager));
      await runner.commitTransaction();
    } catch (batchError) {
      await this.abort(runner);
      batch.forEach((unit, index) => {
        const outcome = outcomes[index];
        unit.reject(outcome && !outcome.ok ? outcome.error : batchError);
      });
      return;
    } finally {
      await runner.release();
    }
    batch.forEach((unit, index) => {
      const outcome = outcomes[index];
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }

  /**
   * Rolls the batch back. SQLite itself ends the transaction on some failures (disk full,
   * I/O error); TypeORM's runner would then still believe one is open and every later batch
   * would nest inside a transaction that no longer exists. An empty one is opened for its
   * rollback to close, which resets the runner's state.
   */
  private async abort(runner: QueryRunner): Promise<void> {
    try {
      if (runner.isTransactionActive && !this.statements.inTransaction) {
        this.statements.exec('BEGIN');
      }
      await runner.rollbackTransaction();
    } catch {
      // Nothing more to undo (or the connection is gone): the units get the batch's error.
    }
  }

  /** One unit in its savepoint; a failed rollback to it throws and fails the batch. */
  private async runUnit(unit: Unit, manager: EntityManager): Promise<Outcome> {
    this.statements.exec(`SAVEPOINT ${SAVEPOINT}`);
    let outcome: Outcome;
    try {
      outcome = { ok: true, value: await unit.work(manager) };
    } catch (error) {
      this.statements.exec(`ROLLBACK TO ${SAVEPOINT}`);
      outcome = { ok: false, error };
    }
    this.statements.exec(`RELEASE ${SAVEPOINT}`);
    return outcome;
  }
}
