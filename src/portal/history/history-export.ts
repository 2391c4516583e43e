import type { AssessmentResponse } from '../../assessment/assessment-response';
import { CATEGORY_IDS } from '../../engine/taxonomy';
import type { AssessmentEntity } from '../../persistence/entities/assessment.entity';
import { storedTurnView } from '../../assessment/stored-turn';
import { decodeRaisedCategories } from '../../persistence/repositories/assessment-categories';
import { csvRecord } from './csv';

/**
 * Export formats of the history search: one stored assessment per JSONL line / CSV row.
 * Text is the text as retained (redacted by default, empty when retention is `none`).
 */

/** JSONL: ids, then the stored turn as the conversation API shows it (answer under `assessment`). */
export function jsonlLine(row: AssessmentEntity): string {
  return `${JSON.stringify({
    id: row.id,
    mode: row.mode,
    conversationId: row.conversationId,
    ...storedTurnView(row),
  })}\n`;
}

export const CSV_HEADER = csvRecord([
  'id',
  'created_at',
  'mode',
  'conversation_id',
  'turn',
  'event_id',
  'turn_index',
  'speaker_type',
  'user_id_hash',
  'character_id',
  'event_timestamp',
  'severity',
  'action',
  'categories_raised',
  ...CATEGORY_IDS.flatMap((id) => [`${id}_level`, `${id}_score`]),
  'text',
  'request_id',
]);

/** CSV: flat columns, per-category level and score from the stored response. */
export function csvLine(row: AssessmentEntity): string {
  const { categories } = JSON.parse(row.response) as Pick<AssessmentResponse, 'categories'>;
  return csvRecord([
    row.id,
    row.createdAt,
    row.mode,
    row.conversationId,
    row.turnNumber,
    row.eventId,
    row.turnIndex,
    row.speakerType,
    row.userIdHash,
    row.characterId,
    row.eventTimestamp,
    row.severity,
    row.action,
    decodeRaisedCategories(row.raisedCategories).join(' '),
    ...CATEGORY_IDS.flatMap((id) => [categories[id]?.level, categories[id]?.score]),
    row.text,
    row.requestId,
  ]);
}
