import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Mode } from '../../engine/taxonomy';
import { ISO_INSTANT } from '../columns';

/**
 * One row per successful assessment (SPEC 13), written in the assessment's transaction, so a
 * count can never drift from the stored assessments. Live rows are billable.
 */
@Entity('usage_record')
@Index('idx_usage_tenant_day', ['tenantId', 'day'])
export class UsageRecordEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 36, name: 'tenant_id' }) tenantId!: string;
  @Column({ type: 'varchar', length: 16 }) mode!: Mode;
  @Column({ type: 'boolean' }) billable!: boolean;
  /** UTC day, `YYYY-MM-DD`. */
  @Column({ type: 'varchar', length: 10 }) day!: string;
  @Column({ type: 'varchar', length: 36, name: 'assessment_id' }) assessmentId!: string;
  @Column({ ...ISO_INSTANT, name: 'created_at' }) createdAt!: string;
}
