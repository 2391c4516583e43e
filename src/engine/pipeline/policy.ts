import type { LevelThresholds } from '../plugin-registry/plugin-contract';
import { CATEGORY_IDS, type Action, type CategoryId, type Level } from '../taxonomy';

/**
 * The decision policy T&S teams own in `rules/policy.yaml` (SPEC 4.2, 4.3, 5). The values
 * below are the documented defaults; the rules engine overlays the YAML file on top of them.
 */
export type Policy = {
  thresholds: Record<CategoryId, LevelThresholds>;
  actions: {
    byLevel: Record<Level, Action>;
    /** Per-category exceptions, e.g. self_harm high -> escalate. */
    overrides: Partial<Record<CategoryId, Partial<Record<Level, Action>>>>;
  };
  /** EMA smoothing factor a in (0,1]. */
  emaAlpha: number;
};

export const DEFAULT_THRESHOLDS: LevelThresholds = {
  low: 0.3,
  medium: 0.5,
  high: 0.7,
  critical: 0.9,
};

export const DEFAULT_POLICY: Policy = {
  thresholds: Object.fromEntries(
    CATEGORY_IDS.map((id) => [id, { ...DEFAULT_THRESHOLDS }]),
  ) as Record<CategoryId, LevelThresholds>,
  actions: {
    byLevel: { none: 'none', low: 'monitor', medium: 'warn', high: 'block', critical: 'escalate' },
    overrides: {
      self_harm: { high: 'escalate' },
      minor_safety: { high: 'escalate' },
      dependency: { high: 'warn', critical: 'warn' },
      pii: { medium: 'warn', high: 'warn' },
    },
  },
  emaAlpha: 0.4,
};

export function levelForScore(score: number, thresholds: LevelThresholds): Level {
  if (score >= thresholds.critical) return 'critical';
  if (score >= thresholds.high) return 'high';
  if (score >= thresholds.medium) return 'medium';
  if (score >= thresholds.low) return 'low';
  return 'none';
}

export function actionFor(policy: Policy, category: CategoryId, level: Level): Action {
  return policy.actions.overrides[category]?.[level] ?? policy.actions.byLevel[level];
}
