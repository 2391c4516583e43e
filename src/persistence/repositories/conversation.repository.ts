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
    const now = nowIso();
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
    const query = manager
      .getRepository(ConversationStateEntity)
      .createQueryBuilder('state')
      .where('state.tenant_id = :tenantId AND state.mode = :mode', key)
      .andWhere('state.conversation_id = :conversationId', key);
    if (this.db.isPostgres) query.setLock('pessimistic_write');
    return query.getOneOrFail();
  }

  async save(manager: EntityManager, state: ConversationStateEntity): Promise<void> {
    await manager.save(ConversationStateEntity, state);
  }

  countForTenant(tenantId: string, conversationId: string): Promise<number> {
    return this.db.manager.countBy(ConversationStateEntity, { tenantId, conversationId });
  }
}
