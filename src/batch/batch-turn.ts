import { SPEAKER_TYPES, type SpeakerType } from '../engine/taxonomy';
import type { BatchTurn } from './turn-assessor';

/** Why an input line cannot be assessed; carries no turn text. */
export class BatchInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchInputError';
  }
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw new BatchInputError(`"${field}" must be a string`);
}

/**
 * Reads the fields the batch uses from one input object: `id` and `text` required,
 * `conversationId` and `speakerType` optional; every other field (labels, lang, ...) is
 * left for the caller.
 */
export function toBatchTurn(value: Record<string, unknown>): BatchTurn {
  const id = optionalString(value.id, 'id');
  if (id === undefined || id === '') throw new BatchInputError('"id" is required');
  if (typeof value.text !== 'string') throw new BatchInputError('"text" must be a string');
  const speaker = optionalString(value.speakerType, 'speakerType');
  if (speaker !== undefined && !(SPEAKER_TYPES as readonly string[]).includes(speaker)) {
    throw new BatchInputError(`"speakerType" must be one of ${SPEAKER_TYPES.join(', ')}`);
  }
  return {
    id,
    text: value.text,
    conversationId: optionalString(value.conversationId, 'conversationId'),
    speakerType: speaker as SpeakerType | undefined,
  };
}
