import type { AssessmentEntity } from '../persistence/entities/assessment.entity';
import { decodeShadowFindings } from './shadow-findings';

/**
 * A stored turn as the conversation API and the history export show it: its metadata, the text
 * as retained (redacted by default, null when not retained), the answer exactly as it was sent,
 * a late refinement and the shadow rules' hits.
 */
export function storedTurnView(row: AssessmentEntity) {
  return {
    turn: row.turnNumber,
    eventId: row.eventId,
    turnIndex: row.turnIndex,
    speakerType: row.speakerType,
    userIdHash: row.userIdHash,
    characterId: row.characterId,
    timestamp: row.eventTimestamp,
    text: row.text,
    severity: row.severity,
    action: row.action,
    createdAt: row.createdAt,
    assessment: JSON.parse(row.response) as unknown,
    lateRefinement: row.lateRefinement ? (JSON.parse(row.lateRefinement) as unknown) : null,
    shadowFindings: decodeShadowFindings(row.shadowFindings),
  };
}
