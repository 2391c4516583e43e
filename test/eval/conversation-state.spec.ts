import {
  applyTurn,
  currentLevel,
  emptyConversation,
  summarizeConversation,
  type TurnOutcomeForState,
} from '../../src/engine/pipeline/conversation-state';
import { CATEGORY_IDS, type CategoryId, type Level } from '../../src/engine/taxonomy';

function turnWith(levels: Partial<Record<CategoryId, Level>>): TurnOutcomeForState {
  const categories = Object.fromEntries(
    CATEGORY_IDS.map((id) => [id, { level: levels[id] ?? 'none' }]),
  ) as TurnOutcomeForState['categories'];
  const order: Level[] = ['none', 'low', 'medium', 'high', 'critical'];
  const severity = Object.values(levels).reduce<Level>(
    (max, level) => (order.indexOf(level) > order.indexOf(max) ? level : max),
    'none',
  );
  return { severity, categories };
}

describe('conversation state fold (SPEC 5)', () => {
  it('starts the EMA at the first rank, then smooths with alpha', () => {
    let state = applyTurn(emptyConversation(), turnWith({ violence: 'high' }), [], 0.4);
    expect(state.ema).toBe(3);
    expect(summarizeConversation(state).current).toBe('high');
    state = applyTurn(state, turnWith({}), [], 0.4);
    expect(state.ema).toBeCloseTo(1.8);
    expect(summarizeConversation(state)).toEqual(
      expect.objectContaining({ severity: 'high', current: 'medium', turns: 2 }),
    );
  });

  it('rounds the EMA half up, despite float error', () => {
    expect(currentLevel(2.4999999999999996)).toBe('high'); // 2.5 computed with float error
    expect(currentLevel(2.5)).toBe('high');
    expect(currentLevel(2.49)).toBe('medium');
    expect(currentLevel(0.49)).toBe('none');
  });

  it('counts turns per category at level low or above', () => {
    let state = applyTurn(emptyConversation(), turnWith({ pii: 'low', sexual: 'high' }), [], 0.4);
    state = applyTurn(state, turnWith({ pii: 'medium' }), [], 0.4);
    expect(state.categoryCounts.pii).toBe(2);
    expect(state.categoryCounts.sexual).toBe(1);
    expect(state.categoryCounts.violence).toBe(0);
  });

  it('keeps a flag for ttl turns after the turn that set it, and drops it afterwards', () => {
    let state = applyTurn(
      emptyConversation(),
      turnWith({ minor_safety: 'low' }),
      [{ name: 'minor_disclosed', ttlTurns: 2 }],
      0.4,
    );
    expect(state.flags).toEqual([{ name: 'minor_disclosed', setAtTurn: 1, expiresAtTurn: 3 }]);
    state = applyTurn(state, turnWith({}), [], 0.4); // turn 2: still visible for turn 3
    expect(state.flags.map((f) => f.name)).toEqual(['minor_disclosed']);
    state = applyTurn(state, turnWith({}), [], 0.4); // turn 3: gone before turn 4
    expect(state.flags).toEqual([]);
  });

  it('keeps flags without ttl forever and restarts a flag set again', () => {
    let state = applyTurn(emptyConversation(), turnWith({}), [{ name: 'a', ttlTurns: null }], 0.4);
    state = applyTurn(state, turnWith({}), [{ name: 'b', ttlTurns: 1 }], 0.4);
    state = applyTurn(state, turnWith({}), [{ name: 'b', ttlTurns: 1 }], 0.4);
    expect(state.flags).toEqual([
      { name: 'a', setAtTurn: 1, expiresAtTurn: null },
      { name: 'b', setAtTurn: 3, expiresAtTurn: 4 },
    ]);
  });
});
