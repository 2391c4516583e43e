import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ConversationFlag } from '../../engine/pipeline/assessment-stage';
import type { CategoryId, Level, Mode } from '../../engine/taxonomy';
import { ISO_INSTANT, jsonText } from '../columns';

/** One row per tenant + mode + conversationId (SPEC 5); updated under a row lock. */
@Entity('conversation_state')
@Index('uq_conversation_state_key', ['tenantId', 'mode', 'conversationId'], { unique: true })
export class ConversationStateEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 36, name: 'tenant_id' }) tenantId!: string;
  @Column({ type: 'varchar', length: 16 }) mode!: Mode;
  @Column({ type: 'varchar', length: 128, name: 'conversation_id' }) conversationId!: string;
  @Column({ type: 'integer' }) turns!: number;
  @Column({ type: 'varchar', length: 16 }) peak!: Level;
  @Column({ type: 'double precision' }) ema!: number;
  @Column({
    type: 'text',
    name: 'category_counts',
    transformer: jsonText<Record<CategoryId, number>>(),
  })
  categoryCounts!: Record<CategoryId, number>;
  @Column({ type: 'text', transformer: jsonText<ConversationFlag[]>() }) flags!: ConversationFlag[];
  @Column({ ...ISO_INSTANT, name: 'created_at' }) createdAt!: string;
  @Column({ ...ISO_INSTANT, name: 'updated_at' }) updatedAt!: string;
}
