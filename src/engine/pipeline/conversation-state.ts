import {
  CATEGORY_IDS,
  levelFromRank,
  levelRank,
  maxLevel,
  type CategoryId,
  type Level,
} from '../taxonomy';
import type { ConversationFlag, ConversationSnapshot, FlagRequest } from './assessment-stage';
import type { CategoryResult } from './assessment-scorer';

/**
 * The conversation-state fold of SPEC 5 as pure functions, so the API (inside its
 * transaction), the batch CLI, the evaluator and multi-turn rule tests all advance a
 * conversation the same way. Storage and locking are the caller's business.
 */

/** What a turn contributes to the state: its severity and per-category levels. */
export type TurnOutcomeForState = {
  severity: Level;
  categories: Record<CategoryId, Pick<CategoryResult, 'level'>>;
};

/** The `conversation` object of the response (SPEC 3). */
export type ConversationSummary = {
  severity: Level;
  current: Level;
  categories: Record<CategoryId, number>;
  turns: number;
};

export function emptyConversation(): ConversationSnapshot {
  return {
    turns: 0,
    peak: 'none',
    ema: 0,
    categoryCounts: Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as Record<
      CategoryId,
      number
    >,
    flags: [],
  };
}

/** Whether a flag still holds on the given 1-based turn number. */
export function isFlagActive(flag: ConversationFlag, turnNumber: number): boolean {
  return flag.expiresAtTurn === null || flag.expiresAtTurn >= turnNumber;
}

/**
 * Merges flag requests made on turn `turnNumber` into the existing flags. Setting a flag
 * that is already present restarts its lifetime, so "I'm 14" said again keeps it alive.
 * `ttlTurns: n` keeps the flag for the n turns after the one that set it.
 */
function mergeFlags(
  existing: readonly ConversationFlag[],
  requests: readonly FlagRequest[],
  turnNumber: number,
): ConversationFlag[] {
  const byName = new Map(existing.map((flag) => [flag.name, flag]));
  for (const request of requests) {
    byName.set(request.name, {
      name: request.name,
      setAtTurn: turnNumber,
      expiresAtTurn: request.ttlTurns === null ? null : turnNumber + request.ttlTurns,
    });
  }
  // Keep only what can still matter for the next turn, so snapshots stay small.
  return [...byName.values()].filter((flag) => isFlagActive(flag, turnNumber + 1));
}

/**
 * The state after one more turn: peak, EMA of severity ranks (first turn: ema = rank),
 * per-category counts of turns at level low or above, turn count and flags.
 */
export function applyTurn(
  previous: ConversationSnapshot,
  turn: TurnOutcomeForState,
  flagRequests: readonly FlagRequest[],
  emaAlpha: number,
): ConversationSnapshot {
  const rank = levelRank(turn.severity);
  const turns = previous.turns + 1;
  const ema = previous.turns === 0 ? rank : emaAlpha * rank + (1 - emaAlpha) * previous.ema;
  const categoryCounts = { ...previous.categoryCounts };
  for (const category of CATEGORY_IDS) {
    if (turn.categories[category].level !== 'none') categoryCounts[category] += 1;
  }
  return {
    turns,
    peak: maxLevel(previous.peak, turn.severity),
    ema,
    categoryCounts,
    flags: mergeFlags(previous.flags, flagRequests, turns),
  };
}

/** The EMA as a level: the level whose rank is round(ema), half up (SPEC 5). */
export function currentLevel(ema: number): Level {
  // The epsilon absorbs float error such as 0.4*3 + 0.6*1.5 = 2.4999999999999996.
  return levelFromRank(Math.floor(ema + 0.5 + 1e-9));
}

export function summarizeConversation(state: ConversationSnapshot): ConversationSummary {
  return {
    severity: state.peak,
    current: currentLevel(state.ema),
    categories: { ...state.categoryCounts },
    turns: state.turns,
  };
}
