import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Mode } from '../../engine/taxonomy';

/**
 * Usage (SPEC 13) as one counter per tenant, UTC day and mode, incremented in the transaction
 * that stores the assessment, so a count can never drift from the assessments written. Live
 * units are billable. One small upsert of a row that stays in cache costs a fraction of a
 * new row (and its index entry) per turn.
 */
@Entity('usage_daily')
export class UsageDailyEntity {
  @PrimaryColumn({ type: 'varchar', length: 36, name: 'tenant_id' }) tenantId!: string;
  /** UTC day, `YYYY-MM-DD`. */
  @PrimaryColumn({ type: 'varchar', length: 10 }) day!: string;
  @PrimaryColumn({ type: 'varchar', length: 16 }) mode!: Mode;
  /** Assessments stored that day in that mode. */
  @Column({ type: 'integer' }) units!: number;
  /** Of those, the billable ones. */
  @Column({ type: 'integer', name: 'billable_units' }) billableUnits!: number;
}
