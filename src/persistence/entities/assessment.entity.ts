import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Action, Level, Mode, SpeakerType } from '../../engine/taxonomy';
import { ISO_INSTANT } from '../columns';

/** One stored turn assessment: the exact response sent, event metadata and retained text. */
@Entity('assessment')
@Index('uq_assessment_event', ['tenantId', 'mode', 'conversationId', 'eventId'], { unique: true })
@Index('idx_assessment_turn', ['tenantId', 'mode', 'conversationId', 'turnNumber'])
export class AssessmentEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 36, name: 'tenant_id' }) tenantId!: string;
  @Column({ type: 'varchar', length: 16 }) mode!: Mode;
  @Column({ type: 'varchar', length: 128, name: 'conversation_id' }) conversationId!: string;
  @Column({ type: 'varchar', length: 128, name: 'event_id' }) eventId!: string;
  /** conversation.turns after this turn (1-based arrival order). */
  @Column({ type: 'integer', name: 'turn_number' }) turnNumber!: number;
  /** sha256 of the submitted text, to tell a duplicate eventId from a conflicting one. */
  @Column({ type: 'varchar', length: 64, name: 'text_sha256' }) textSha256!: string;
  /** The text as retained (RETENTION_TEXT): redacted by default, null when `none`. */
  @Column({ type: 'text', nullable: true }) text!: string | null;
  @Column({ type: 'varchar', length: 16, name: 'speaker_type' }) speakerType!: SpeakerType;
  @Column({ type: 'varchar', length: 128, name: 'user_id_hash', nullable: true })
  userIdHash!: string | null;
  @Column({ type: 'varchar', length: 128, name: 'character_id', nullable: true })
  characterId!: string | null;
  @Column({ type: 'integer', name: 'turn_index', nullable: true }) turnIndex!: number | null;
  @Column({ type: 'varchar', length: 40, name: 'event_timestamp', nullable: true })
  eventTimestamp!: string | null;
  @Column({ type: 'varchar', length: 16 }) severity!: Level;
  @Column({ type: 'varchar', length: 16 }) action!: Action;
  /** Categories above `none`, as `,pii,self_harm,` (see assessment-categories.ts), for search. */
  @Column({ type: 'varchar', length: 255, name: 'raised_categories', default: '' })
  raisedCategories!: string;
  /** The response body exactly as serialised to the caller. */
  @Column({ type: 'text' }) response!: string;
  /** A refinement that finished after the response was sent (JSON StageOutcome). */
  @Column({ type: 'text', name: 'late_refinement', nullable: true })
  lateRefinement!: string | null;
  /** Hits of shadow rules (JSON array of StoredShadowFinding), null when there were none. */
  @Column({ type: 'text', name: 'shadow_findings', nullable: true })
  shadowFindings!: string | null;
  @Column({ type: 'varchar', length: 40, name: 'request_id' }) requestId!: string;
  @Column({ ...ISO_INSTANT, name: 'created_at' }) createdAt!: string;
}
