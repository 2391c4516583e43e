import type { LevelThresholds } from '../plugin-registry/plugin-contract';
import type { PluginRegistry } from '../plugin-registry/plugin-registry';
import { DEFAULT_POLICY, type Policy } from '../pipeline/policy';
import {
  ACTIONS,
  CATEGORY_IDS,
  LEVELS,
  type Action,
  type CategoryId,
  type Level,
} from '../taxonomy';
import type { ProblemList } from './problems';
import { YamlReader, type YamlValueNode } from './yaml-reader';

/**
 * Builds the effective policy: DEFAULT_POLICY, then each plugin's default thresholds, then
 * `rules/policy.yaml` (owned by T&S). Format:
 *
 *   thresholds: { default: { low: 0.3 }, self_harm: { high: 0.65 } }
 *   actions: { by_level: { low: monitor }, overrides: { self_harm: { high: escalate } } }
 *   ema_alpha: 0.4
 */

const THRESHOLD_KEYS = ['low', 'medium', 'high', 'critical'] as const;

export function buildPolicy(
  registry: PluginRegistry,
  policyFile: { file: string; source: string } | null,
  problems: ProblemList,
): Policy {
  const policy: Policy = structuredClone(DEFAULT_POLICY);
  for (const plugin of registry.plugins) {
    Object.assign(policy.thresholds[plugin.manifest.id], plugin.manifest.thresholds ?? {});
  }
  if (policyFile) overlayPolicyFile(policy, policyFile, problems);
  for (const category of CATEGORY_IDS) {
    const t = policy.thresholds[category];
    if (!(
      t.low > 0 &&
      t.low <= t.medium &&
      t.medium <= t.high &&
      t.high <= t.critical &&
      t.critical <= 1
    )) {
      problems.add(
        { file: policyFile?.file ?? 'rules/policy.yaml', line: 1, column: 1 },
        `thresholds for ${category} must satisfy 0 < low <= medium <= high <= critical <= 1 (got ${JSON.stringify(t)})`,
      );
    }
  }
  return policy;
}

function overlayPolicyFile(
  policy: Policy,
  { file, source }: { file: string; source: string },
  problems: ProblemList,
): void {
  const reader = new YamlReader(file, source, problems);
  if (reader.root === null || reader.isNull(reader.root)) return;
  const fields = reader.mapping(reader.root, 'policy', ['thresholds', 'actions', 'ema_alpha']);
  if (!fields) return;
  const thresholds = fields.get('thresholds')?.value;
  if (thresholds !== undefined) {
    const byCategory = reader.mapping(thresholds, 'thresholds', ['default', ...CATEGORY_IDS]);
    const defaults = byCategory?.get('default');
    if (defaults) {
      const values = readThresholds(reader, defaults.value, 'thresholds.default');
      for (const category of CATEGORY_IDS) Object.assign(policy.thresholds[category], values);
    }
    for (const [category, { value }] of byCategory ?? []) {
      if (category === 'default') continue;
      Object.assign(
        policy.thresholds[category as CategoryId],
        readThresholds(reader, value, `thresholds.${category}`),
      );
    }
  }
  const actions = fields.get('actions')?.value;
  if (actions !== undefined) {
    const parts = reader.mapping(actions, 'actions', ['by_level', 'overrides']);
    const byLevel = parts?.get('by_level');
    if (byLevel)
      Object.assign(
        policy.actions.byLevel,
        readLevelActions(reader, byLevel.value, 'actions.by_level'),
      );
    const overrides = parts?.get('overrides');
    if (overrides) {
      const byCategory = reader.mapping(overrides.value, 'actions.overrides', CATEGORY_IDS);
      for (const [category, { value }] of byCategory ?? []) {
        policy.actions.overrides[category as CategoryId] = {
          ...policy.actions.overrides[category as CategoryId],
          ...readLevelActions(reader, value, `actions.overrides.${category}`),
        };
      }
    }
  }
  const alpha = fields.get('ema_alpha')?.value;
  if (alpha !== undefined) {
    const value = reader.number(alpha, 'ema_alpha');
    if (value !== null && !(value > 0 && value <= 1))
      reader.error(alpha, 'ema_alpha must be in (0, 1]');
    else if (value !== null) policy.emaAlpha = value;
  }
}

function readThresholds(
  reader: YamlReader,
  node: YamlValueNode,
  what: string,
): Partial<LevelThresholds> {
  const values: Partial<LevelThresholds> = {};
  for (const [key, { value }] of reader.mapping(node, what, THRESHOLD_KEYS) ?? []) {
    const n = reader.number(value, `${what}.${key}`);
    if (n !== null && !(n > 0 && n <= 1)) reader.error(value, `${what}.${key} must be in (0, 1]`);
    else if (n !== null) values[key as keyof LevelThresholds] = n;
  }
  return values;
}

function readLevelActions(
  reader: YamlReader,
  node: YamlValueNode,
  what: string,
): Partial<Record<Level, Action>> {
  const values: Partial<Record<Level, Action>> = {};
  for (const [level, { value }] of reader.mapping(node, what, LEVELS) ?? []) {
    const action = reader.string(value, `${what}.${level}`);
    if (action !== null && !(ACTIONS as readonly string[]).includes(action)) {
      reader.error(value, `${what}.${level} must be one of ${ACTIONS.join(', ')}`);
    } else if (action !== null) values[level as Level] = action as Action;
  }
  return values;
}
