import { applyTurn, snapshotFor } from '../../assessment/conversation-state';
import type { CategoryResult } from '../../engine/pipeline/assessment-scorer';
import { CATEGORY_IDS, type CategoryId, type Level } from '../../engine/taxonomy';
import { timelineFrom } from './timeline';

const turns = (...severities: Level[]) =>
  severities.map((severity, index) => ({ turnNumber: index + 1, severity }));

describe(timelineFrom.name, () => {
  it('starts the EMA at the first turn rank, then folds with alpha, tracking the peak', () => {
    const { turns: points } = timelineFrom(turns('high', 'none', 'low'), 0.5);
    expect(points).toEqual([
      { turn: 1, severity: 'high', ema: 3, peak: 'high' },
      { turn: 2, severity: 'none', ema: 1.5, peak: 'high' },
      { turn: 3, severity: 'low', ema: 1.25, peak: 'high' },
    ]);
  });

  it('ends at exactly the state the AssessmentService stores for the same turns', () => {
    const severities: Level[] = ['low', 'critical', 'medium', 'none', 'none', 'high', 'low'];
    // The stored fold sees real categories and flags; the timeline needs severities only.
    const high: CategoryResult = { score: 0.9, level: 'high', subcategories: [] };
    const categories = Object.fromEntries(CATEGORY_IDS.map((id) => [id, high])) as Record<
      CategoryId,
      CategoryResult
    >;
    const flags = [{ name: 'minor_disclosed', ttlTurns: 2 }];
    let stored = snapshotFor(null);
    for (const severity of severities) {
      stored = applyTurn(stored, { severity, categories, flags }, 0.4);
    }
    const last = timelineFrom(turns(...severities), 0.4).turns.at(-1);
    expect(last).toMatchObject({ turn: severities.length, ema: stored.ema, peak: stored.peak });
  });

  it('keeps the stored turn numbers and gives no points for no turns', () => {
    expect(timelineFrom([{ turnNumber: 7, severity: 'medium' }], 0.4).turns[0].turn).toBe(7);
    expect(timelineFrom([], 0.4)).toEqual({ turns: [] });
  });
});
