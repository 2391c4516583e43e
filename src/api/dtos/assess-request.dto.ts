import {
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsRFC3339,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { SPEAKER_TYPES, type SpeakerType } from '../../engine/taxonomy';

/** 1-128 characters of [A-Za-z0-9_.:-] (SPEC 3). */
export const IDENTIFIER = /^[A-Za-z0-9_.:-]{1,128}$/;
const IDENTIFIER_MESSAGE = (field: string) =>
  `${field} must be 1-128 characters of letters, digits, "_", ".", ":" or "-".`;

/** The `event` object of POST /v1/conversation-analytics/assess. Unknown fields are dropped. */
export class EventDto {
  @IsDefined({ message: 'eventId is required.' })
  @IsString({ message: 'eventId must be a string.' })
  @Matches(IDENTIFIER, { message: IDENTIFIER_MESSAGE('eventId') })
  eventId!: string;

  @IsDefined({ message: 'conversationId is required.' })
  @IsString({ message: 'conversationId must be a string.' })
  @Matches(IDENTIFIER, { message: IDENTIFIER_MESSAGE('conversationId') })
  conversationId!: string;

  @IsDefined({ message: 'text is required (it may be empty).' })
  @IsString({ message: 'text must be a string.' })
  text!: string;

  @IsOptional()
  @IsString({ message: 'userIdHash must be a string.' })
  @Matches(IDENTIFIER, { message: IDENTIFIER_MESSAGE('userIdHash') })
  userIdHash?: string;

  @IsOptional()
  @IsInt({ message: 'turnIndex must be an integer.' })
  @Min(0, { message: 'turnIndex must be >= 0.' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'turnIndex is too large.' })
  turnIndex?: number;

  @IsOptional()
  @IsIn(SPEAKER_TYPES, { message: `speakerType must be one of ${SPEAKER_TYPES.join(', ')}.` })
  speakerType?: SpeakerType;

  @IsOptional()
  @IsString({ message: 'timestamp must be a string.' })
  @IsRFC3339({ message: 'timestamp must be an RFC 3339 date-time, e.g. 2025-01-31T12:00:00.000Z.' })
  timestamp?: string;

  @IsOptional()
  @IsString({ message: 'characterId must be a string.' })
  @Matches(IDENTIFIER, { message: IDENTIFIER_MESSAGE('characterId') })
  characterId?: string;
}
