import { DEFAULT_POLICY } from '../engine/pipeline/policy';
import { CATEGORY_IDS, type CategoryId, type Level } from '../engine/taxonomy';
import type { CategoryResult } from '../engine/pipeline/assessment-scorer';
import { applyTurn, currentLevel, snapshotFor, summarise } from './conversation-state';

const categories = (levels: Partial<Record<CategoryId, Level>> = {}) =>
  Object.fromEntries(
    CATEGORY_IDS.map((id): [CategoryId, CategoryResult] => [
      id,
      { score: 0, level: levels[id] ?? 'none', subcategories: [] },
    ]),
  ) as Record<CategoryId, CategoryResult>;

describe('conversation state', () => {
  const alpha = DEFAULT_POLICY.emaAlpha;

  it('starts at none with zero counts', () => {
    const first = applyTurn(
      snapshotFor(null),
      { severity: 'none', categories: categories(), flags: [] },
      alpha,
    );
    expect(summarise(first)).toEqual({
      severity: 'none',
      current: 'none',
      categories: Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])),
      turns: 1,
    });
  });

  it('takes the first rank as the EMA, then smooths, and keeps the peak', () => {
    let state = applyTurn(
      snapshotFor(null),
      { severity: 'high', categories: categories({ violence: 'high' }), flags: [] },
      alpha,
    );
    expect(state.ema).toBe(3);
    state = applyTurn(state, { severity: 'none', categories: categories(), flags: [] }, alpha);
    expect(state.ema).toBeCloseTo(1.8);
    expect(summarise(state)).toMatchObject({ severity: 'high', current: 'medium', turns: 2 });
    expect(state.categoryCounts.violence).toBe(1);
  });

  it('rounds the EMA half up', () => {
    expect(currentLevel(1.5)).toBe('medium');
    expect(currentLevel(1.49)).toBe('low');
  });

  it('sets flags with a ttl and expires them', () => {
    let state = applyTurn(
      snapshotFor(null),
      {
        severity: 'low',
        categories: categories(),
        flags: [{ name: 'minor_disclosed', ttlTurns: 1 }],
      },
      alpha,
    );
    expect(state.flags).toEqual([{ name: 'minor_disclosed', setAtTurn: 1, expiresAtTurn: 2 }]);
    expect(snapshotFor(state).flags).toHaveLength(1);
    state = applyTurn(state, { severity: 'none', categories: categories(), flags: [] }, alpha);
    expect(snapshotFor(state).flags).toHaveLength(0);
  });
});
