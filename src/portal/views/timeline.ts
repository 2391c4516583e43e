import type { CategoryResult } from '../../engine/pipeline/assessment-scorer';
import { CATEGORY_IDS, type CategoryId, type Level } from '../../engine/taxonomy';
import { applyTurn, snapshotFor } from '../../assessment/conversation-state';
import { jsonData } from './html';

/** One point of the conversation timeline chart (src/portal/assets/timeline-chart.js). */
export type TimelinePoint = {
  turn: number;
  severity: Level;
  /** The conversation's EMA (0..4 level-rank scale) after this turn. */
  ema: number;
  /** The conversation's peak severity after this turn. */
  peak: Level;
};

/** What the chart reads from the page's `timeline-data` JSON block. */
export type TimelineData = { turns: TimelinePoint[] };

/** A stored turn as the fold needs it (an assessment row fits as is). */
export type TimelineTurn = { turnNumber: number; severity: Level };

// EMA and peak depend on the turn severity alone; category counts and flags are not charted.
const NONE: CategoryResult = { score: 0, level: 'none', subcategories: [] };
const NO_CATEGORIES = Object.fromEntries(CATEGORY_IDS.map((id) => [id, NONE])) as Record<
  CategoryId,
  CategoryResult
>;

/**
 * The timeline of a conversation from its stored turns, folded with the same `applyTurn` the
 * AssessmentService applies under the conversation lock, so the last point's EMA and peak are
 * the stored state's. `turns` must be the conversation's turns from its first, in order; the
 * curve uses `emaAlpha` for every turn (the policy's current alpha: a reload that changed it
 * makes older points differ from what was answered then).
 */
export function timelineFrom(turns: readonly TimelineTurn[], emaAlpha: number): TimelineData {
  let state = snapshotFor(null);
  return {
    turns: turns.map(({ turnNumber, severity }) => {
      state = applyTurn(state, { severity, categories: NO_CATEGORIES, flags: [] }, emaAlpha);
      return { turn: turnNumber, severity, ema: state.ema, peak: state.peak };
    }),
  };
}

const hasTurns = (timeline: TimelineData | undefined): timeline is TimelineData =>
  Boolean(timeline?.turns.length);

/** The chart's canvas and data block; nothing when there is no turn to draw. */
export function timelineChartHtml(timeline: TimelineData | undefined): string {
  if (!hasTurns(timeline)) return '';
  return `<div class="chart"><canvas id="timeline-chart"></canvas></div>${jsonData('timeline-data', timeline)}`;
}

/** The scripts a page showing `timelineChartHtml(timeline)` must load, in order. */
export const timelineScripts = (timeline: TimelineData | undefined): string[] =>
  hasTurns(timeline) ? ['chart.umd.min.js', 'timeline-chart.js'] : [];
