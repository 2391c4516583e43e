import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ApiError } from '../common/api-error';
import type { TurnInput } from '../engine/pipeline/assessment-stage';
import { EventDto } from './dtos/assess-request.dto';

/** Field order for reporting: the first failing field in this order is named in `param`. */
const FIELD_ORDER: (keyof EventDto)[] = [
  'eventId',
  'conversationId',
  'text',
  'userIdHash',
  'turnIndex',
  'speakerType',
  'timestamp',
  'characterId',
];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (param: string, message: string) =>
  new ApiError('invalid_request', message, { param });

/** RFC 3339 allows Feb 30 syntactically; reject dates that do not exist. */
function isRealDate(timestamp: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(timestamp);
  if (!match || Number.isNaN(Date.parse(timestamp))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/**
 * Validates `{"event": Event}` (SPEC 3) and returns the turn with defaults applied. Only the
 * documented fields are copied, so unknown fields are never stored. Error messages name
 * fields and rules, never the submitted values.
 */
export function parseAssessRequest(body: unknown, maxTextChars: number): TurnInput {
  if (!isPlainObject(body))
    throw invalid('event', 'The body must be a JSON object {"event": {...}}.');
  if (body.event === undefined) throw invalid('event', 'event is required.');
  if (!isPlainObject(body.event)) throw invalid('event', 'event must be an object.');

  const dto = plainToInstance(EventDto, body.event, { excludeExtraneousValues: false });
  const errors = validateSync(dto, { whitelist: true, forbidUnknownValues: false });
  if (errors.length > 0) {
    const first = FIELD_ORDER.map((field) => errors.find((e) => e.property === field)).find(
      (e) => e !== undefined,
    );
    const error = first ?? errors[0];
    throw invalid(
      `event.${error.property}`,
      Object.values(error.constraints ?? {})[0] ?? `${error.property} is invalid.`,
    );
  }
  if (dto.timestamp !== undefined && !isRealDate(dto.timestamp)) {
    throw invalid('event.timestamp', 'timestamp is not a real calendar date-time.');
  }
  if (dto.text.length > maxTextChars) {
    throw new ApiError('text_too_long', `text must be at most ${maxTextChars} characters.`, {
      param: 'event.text',
    });
  }
  return {
    eventId: dto.eventId,
    conversationId: dto.conversationId,
    text: dto.text,
    speakerType: dto.speakerType ?? 'user',
    ...(dto.userIdHash !== undefined && dto.userIdHash !== null
      ? { userIdHash: dto.userIdHash }
      : {}),
    ...(dto.turnIndex !== undefined && dto.turnIndex !== null ? { turnIndex: dto.turnIndex } : {}),
    ...(dto.timestamp !== undefined && dto.timestamp !== null ? { timestamp: dto.timestamp } : {}),
    ...(dto.characterId !== undefined && dto.characterId !== null
      ? { characterId: dto.characterId }
      : {}),
  };
}
