import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ConversationKey } from '../../engine/pipeline/ports';
import type { ConversationFlag } from '../../engine/pipeline/assessment-stage';
import { CATEGORY_IDS, type CategoryId, type Level, type Mode } from '../../engine/taxonomy';
import { newId, nowIso } from '../columns';
import { Database } from '../database';
import { ConversationStateEntity } from '../entities/conversation-state.entity';
import type { StoredAssessment } from './assessment.repository';

const zeroCounts = (): Record<CategoryId, number> =>
  Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as Record<CategoryId, number>;

type StateRow = {
  id: string;
  tenant_id: string;
  mode: Mode;
  conversation_id: string;
  turns: number;
  peak: Level;
  ema: number | string;
  category_counts: string;
  flags: string;
  created_at: string;
  updated_at: string;
};

const SELECT_STATE =
  'SELECT id, tenant_id, mode, conversation_id, turns, peak, ema, category_counts, flags, ' +
  'created_at, updated_at FROM conversation_state WHERE tenant_id = ? AND mode = ? AND conversation_id = ?';

const keyParams = (key: ConversationKey) => [key.tenantId, key.mode, key.conversationId];

/**
 * The state row and the stored assessment of one eventId, in one statement. The single-row
 * `arrival` table anchors both LEFT JOINs, so each side may be missing; each join is an
 * equality lookup on its unique index, on either dialect.
 */
const SELECT_ARRIVAL =
  'SELECT s.id, s.tenant_id, s.mode, s.conversation_id, s.turns, s.peak, s.ema, s.category_counts, ' +
  's.flags, s.created_at, s.updated_at, a.id AS event_assessment_id, a.text_sha256 AS event_text_sha256, ' +
  'a.response AS event_response, a.severity AS event_severity FROM (SELECT 1 AS one) arrival ' +
  'LEFT JOIN conversation_state s ON s.tenant_id = ? AND s.mode = ? AND s.conversation_id = ? ' +
  'LEFT JOIN assessment a ON a.tenant_id = ? AND a.mode = ? AND a.conversation_id = ? AND a.event_id = ?';

type ArrivalRow = { [K in keyof StateRow]: StateRow[K] | null } & {
  event_assessment_id: string | null;
  event_text_sha256: string | null;
  event_response: string | null;
  event_severity: Level | null;
};

/** What a turn needs on arrival: the conversation's state and an earlier turn with its eventId. */
export type Arrival = {
  state: ConversationStateEntity | null;
  stored: StoredAssessment | null;
};

const toEntity = (row: StateRow): ConversationStateEntity =>
  Object.assign(new ConversationStateEntity(), {
    id: row.id,
    tenantId: row.tenant_id,
    mode: row.mode,
    conversationId: row.conversation_id,
    turns: Number(row.turns),
    peak: row.peak,
    ema: Number(row.ema),
    categoryCounts: JSON.parse(row.category_counts) as Record<CategoryId, number>,
    flags: JSON.parse(row.flags) as ConversationFlag[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

@Injectable()
export class ConversationRepository {
  constructor(private readonly db: Database) {}

  /** Unlocked read: the snapshot the stages see before the turn is applied. */
  async findState(key: ConversationKey): Promise<ConversationStateEntity | null> {
    const [row] = await this.db.query<StateRow>(`${SELECT_STATE}`, keyParams(key));
    return row ? toEntity(row) : null;
  }

  /**
   * Unlocked read of a new turn's arrival: the snapshot the stages see and whether the eventId
   * was already assessed, in one statement (on SQLite one read transaction instead of two).
   */
  async findArrival(key: ConversationKey, eventId: string): Promise<Arrival> {
    const [row] = await this.db.query<ArrivalRow>(SELECT_ARRIVAL, [
      ...keyParams(key),
      ...keyParams(key),
      eventId,
    ]);
    return {
      state: row.id === null ? null : toEntity(row as StateRow),
      stored:
        row.event_assessment_id === null
          ? null
          : {
              id: row.event_assessment_id,
              textSha256: row.event_text_sha256 as string,
              response: row.event_response as string,
              severity: row.event_severity as Level,
            },
    };
  }

  /**
   * Inside a write transaction: applies one turn to the conversation's row and returns the
   * new state, with no update lost on any number of instances. `seen` is the row as read on
   * the turn's arrival; `next` computes the new values from the current ones.
   *
   * Usually no other turn of the conversation was applied since arrival, and `seen` is still
   * current: one UPDATE guarded by `turns` (every turn increments it, so it versions the row)
   * writes the new values. On PostgreSQL that UPDATE takes the row lock and, behind a
   * concurrent writer, re-checks the guard against the committed row. When the guard fails
   * (or on a first turn) the row is locked, read again and updated (lockState).
   */
  async applyChange(
    manager: EntityManager,
    key: ConversationKey,
    seen: ConversationStateEntity | null,
    next: (current: ConversationStateEntity) => Partial<ConversationStateEntity>,
  ): Promise<ConversationStateEntity> {
    if (seen) {
      const state = Object.assign(new ConversationStateEntity(), seen, next(seen));
      if ((await this.update(manager, state, seen.turns)) === 1) return state;
    }
    const current = await this.lockState(manager, key);
    const state = Object.assign(new ConversationStateEntity(), current, next(current));
    await this.update(manager, state, current.turns);
    return state;
  }

  /**
   * Inside a write transaction: locks the conversation's row, creating it on the first turn,
   * so concurrent turns of one conversation apply one after another on any number of
   * instances (PostgreSQL SELECT ... FOR UPDATE; on SQLite the write queue serialises).
   * Raw statements: this runs on every turn.
   */
  private async lockState(
    manager: EntityManager,
    key: ConversationKey,
  ): Promise<ConversationStateEntity> {
    const lockSql = this.db.isPostgres ? `${SELECT_STATE} FOR UPDATE` : SELECT_STATE;
    const [existing] = await this.db.query<StateRow>(lockSql, keyParams(key), manager);
    if (existing) return toEntity(existing);
    const now = nowIso();
    // First turn: a concurrent creator makes this a no-op (on PostgreSQL it waits for that
    // creator's commit), then the row is locked as above. The conflict clause differs by dialect.
    const insert = this.db.isPostgres ? 'INSERT INTO' : 'INSERT OR IGNORE INTO';
    const onConflict = this.db.isPostgres ? ' ON CONFLICT DO NOTHING' : '';
    await this.db.query(
      `${insert} conversation_state (id, tenant_id, mode, conversation_id, turns, peak, ema, ` +
        `category_counts, flags, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 'none', 0, ?, '[]', ?, ?)${onConflict}`,
      [newId(), ...keyParams(key), JSON.stringify(zeroCounts()), now, now],
      manager,
    );
    const [created] = await this.db.query<StateRow>(lockSql, keyParams(key), manager);
    return toEntity(created);
  }

  /** Writes new values over the row if it is still at `fromTurns`; returns the rows changed. */
  private update(
    manager: EntityManager,
    state: ConversationStateEntity,
    fromTurns: number,
  ): Promise<number> {
    return this.db.execute(
      'UPDATE conversation_state SET turns = ?, peak = ?, ema = ?, category_counts = ?, flags = ?, ' +
        'updated_at = ? WHERE id = ? AND turns = ?',
      [
        state.turns,
        state.peak,
        state.ema,
        JSON.stringify(state.categoryCounts),
        JSON.stringify(state.flags),
        state.updatedAt,
        state.id,
        fromTurns,
      ],
      manager,
    );
  }

  countForTenant(tenantId: string, conversationId: string): Promise<number> {
    return this.db.manager.countBy(ConversationStateEntity, { tenantId, conversationId });
  }
}
