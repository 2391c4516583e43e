import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ConversationKey } from '../../engine/pipeline/ports';
import { CATEGORY_IDS, type CategoryId } from '../../engine/taxonomy';
import { newId, nowIso } from '../columns';
import { Database } from '../database';
import { ConversationStateEntity } from '../entities/conversation-state.entity';

const zeroCounts = (): Record<CategoryId, number> =>
  Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as Record<CategoryId, number>;

@Injectable()
export class ConversationRepository {
  constructor(private readonly db: Database) {}

  /** Unlocked read: the snapshot the stages see before the turn is applied. */
  findState(key: ConversationKey): Promise<ConversationStateEntity | null> {
    return this.db.manager.findOneBy(ConversationStateEntity, key);
  }

  /**
   * Inside a write transaction: creates the row if missing, then locks it (PostgreSQL
   * SELECT ... FOR UPDATE) so concurrent turns of one conversation apply one after another,
   * on any number of instances. On SQLite the write queue already serialises.
   */
  async lockState(manager: EntityManager, key: ConversationKey): Promise<ConversationStateEntity> {
    const locked = () => {
      const query = manager
        .getRepository(ConversationStateEntity)
        .createQueryBuilder('state')
        .where('state.tenant_id = :tenantId AND state.mode = :mode', key)
        .andWhere('state.conversation_id = :conversationId', key);
      return this.db.isPostgres ? query.setLock('pessimistic_write') : query;
    };
    // Most turns continue a conversation: lock the existing row in one statement.
    const existing = await locked().getOne();
    if (existing) return existing;
    const now = nowIso();
    // First turn: create the row; a concurrent creator makes this a no-op (and on
    // PostgreSQL waits for its commit), then the row is locked as above.
    await manager
      .createQueryBuilder()
      .insert()
      .into(ConversationStateEntity)
      .values({
        id: newId(),
        ...key,
        turns: 0,
        peak: 'none',
        ema: 0,
        categoryCounts: zeroCounts(),
        flags: [],
        createdAt: now,
        updatedAt: now,
      })
      .orIgnore()
      .execute();
    return locked().getOneOrFail();
  }

  /** Writes the new values of a locked row (an UPDATE by id, no read-before-write). */
  async update(manager: EntityManager, state: ConversationStateEntity): Promise<void> {
    const { id, turns, peak, ema, categoryCounts, flags, updatedAt } = state;
    await manager.update(
      ConversationStateEntity,
      { id },
      { turns, peak, ema, categoryCounts, flags, updatedAt },
    );
  }

  countForTenant(tenantId: string, conversationId: string): Promise<number> {
    return this.db.manager.countBy(ConversationStateEntity, { tenantId, conversationId });
  }
}
