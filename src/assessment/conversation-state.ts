import type {
  ConversationFlag,
  ConversationSnapshot,
  FlagRequest,
} from '../engine/pipeline/assessment-stage';
import {
  CATEGORY_IDS,
  levelFromRank,
  levelRank,
  maxLevel,
  type CategoryId,
  type Level,
} from '../engine/taxonomy';
import type { CategoryResult } from '../engine/pipeline/assessment-scorer';

/**
 * Pure conversation-state arithmetic of SPEC 5; persistence applies it under a lock. The stored
 * values have the shape the stages see (`snapshotFor` only drops flags expired by this turn).
 */
export type ConversationStateValues = ConversationSnapshot;

export type ConversationSummary = {
  severity: Level;
  current: Level;
  categories: Record<CategoryId, number>;
  turns: number;
};

const isLive = (flag: ConversationFlag, turn: number): boolean =>
  flag.expiresAtTurn === null || flag.expiresAtTurn >= turn;

/** What the stages see for the coming turn: flags already expired by then are dropped. */
export function snapshotFor(state: ConversationStateValues | null): ConversationSnapshot {
  if (!state) {
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
  return { ...state, flags: state.flags.filter((flag) => isLive(flag, state.turns + 1)) };
}

/** `round(ema)` half up, as the level whose rank it is. */
export const currentLevel = (ema: number): Level => levelFromRank(Math.floor(ema + 0.5));

export function applyTurn(
  state: ConversationStateValues,
  turn: { severity: Level; categories: Record<CategoryId, CategoryResult>; flags: FlagRequest[] },
  emaAlpha: number,
): ConversationStateValues {
  const turns = state.turns + 1;
  const rank = levelRank(turn.severity);
  const ema = state.turns === 0 ? rank : emaAlpha * rank + (1 - emaAlpha) * state.ema;
  const categoryCounts = { ...state.categoryCounts };
  for (const id of CATEGORY_IDS) {
    if (turn.categories[id].level !== 'none') categoryCounts[id] = (categoryCounts[id] ?? 0) + 1;
  }
  const requested = new Set(turn.flags.map((flag) => flag.name));
  const flags = [
    ...state.flags.filter((flag) => isLive(flag, turns) && !requested.has(flag.name)),
    ...turn.flags.map((flag) => ({
      name: flag.name,
      setAtTurn: turns,
      expiresAtTurn: flag.ttlTurns === null ? null : turns + flag.ttlTurns,
    })),
  ];
  return { turns, peak: maxLevel(state.peak, turn.severity), ema, categoryCounts, flags };
}

export const summarise = (state: ConversationStateValues): ConversationSummary => ({
  severity: state.peak,
  current: currentLevel(state.ema),
  categories: Object.fromEntries(
    CATEGORY_IDS.map((id) => [id, state.categoryCounts[id] ?? 0]),
  ) as Record<CategoryId, number>,
  turns: state.turns,
});
