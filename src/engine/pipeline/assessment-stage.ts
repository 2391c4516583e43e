import type { CategoryId, Level, Mode, SpeakerType } from '../taxonomy';

/**
 * Contract between the assessment pipeline and its stages (rules, llm, ...). The controller
 * never knows which stages exist: it hands a TurnContext to the pipeline, which runs the
 * registered stages in order and folds their findings into an assessment.
 */

/** The turn as validated from the request (SPEC 3). */
export type TurnInput = {
  eventId: string;
  conversationId: string;
  text: string;
  speakerType: SpeakerType;
  userIdHash?: string;
  turnIndex?: number;
  timestamp?: string;
  characterId?: string;
};

/** A flag set by a rule on the conversation, e.g. `minor_disclosed`, optionally expiring. */
export type ConversationFlag = {
  name: string;
  /** Turn number (1-based, = conversation.turns after that turn) on which it was set. */
  setAtTurn: number;
  /** Last turn number on which the flag still holds; null = never expires. */
  expiresAtTurn: number | null;
};

/** Conversation state as it stood before this turn (SPEC 5). */
export type ConversationSnapshot = {
  turns: number;
  peak: Level;
  ema: number;
  categoryCounts: Record<CategoryId, number>;
  flags: ConversationFlag[];
};

export type TextSpan = { start: number; end: number };

export type StageName = 'rules' | 'llm';

/** One reason a stage found for a category; spans are UTF-16 offsets into the request text. */
export type Finding = {
  category: CategoryId;
  subcategory: string;
  score: number;
  stage: StageName;
  code: string;
  message: string;
  spans: TextSpan[];
  /** Set by rules the LLM may not lower (checksummed PII, known jailbreak templates). */
  authoritative?: boolean;
};

/** A flag a stage asks the state update to set, e.g. after "I'm 14". */
export type FlagRequest = { name: string; ttlTurns: number | null };

export type TurnContext = {
  tenantId: string;
  mode: Mode;
  turn: TurnInput;
  conversation: ConversationSnapshot;
};

export type StageOutcome = {
  /** Whether this stage's result was used (false = skipped or failed and fell back). */
  ran: boolean;
  findings: Finding[];
  flags: FlagRequest[];
  /** The model name for model stages; absent for the rules stage. */
  model?: string;
  /** Per-category scores the stage assigns when it scores every category (LLM). */
  categoryScores?: Partial<Record<CategoryId, number>>;
  /**
   * Set when a stage was expected to run but could not (timeout, upstream error, invalid
   * output): the assessment then carries a reason with this code and the earlier result.
   */
  unavailable?: { code: string; message: string };
  /**
   * Hits of `status: shadow` rules: stored with the assessment for review, never part of the
   * response, the score or the conversation state.
   */
  shadowFindings?: Finding[];
};

export interface AssessmentStage {
  readonly name: StageName;
  /** `previous` holds the outcomes of the stages that ran before this one, in order. */
  run(context: TurnContext, previous: readonly StageOutcome[]): Promise<StageOutcome>;
}
