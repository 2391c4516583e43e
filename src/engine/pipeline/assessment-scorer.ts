import {
  CATEGORY_IDS,
  maxAction,
  maxLevel,
  type Action,
  type CategoryId,
  type Level,
} from '../taxonomy';
import type { Finding, StageName, StageOutcome, TextSpan } from './assessment-stage';
import { actionFor, levelForScore, type Policy } from './policy';

/**
 * Folds the outcomes of the stages that ran into the turn-level part of an assessment
 * (SPEC 3, 4, 10). Pure: the API, the batch CLI and the evaluator all score the same way.
 */

export type CategoryResult = { score: number; level: Level; subcategories: string[] };

export type Reason = {
  /** null only for engine notices such as `llm_unavailable`, which concern no category. */
  category: CategoryId | null;
  subcategory: string | null;
  stage: StageName;
  code: string;
  message: string;
  spans: TextSpan[];
};

export type TurnVerdict = {
  severity: Level;
  action: Action;
  categories: Record<CategoryId, CategoryResult>;
  reasons: Reason[];
  stages: StageName[];
  model: string;
};

const roundScore = (score: number): number =>
  Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;

function strongestFirst(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => b.score - a.score);
}

const NOTHING_KEPT: readonly Finding[] = Object.freeze([]);
const NO_FINDINGS: Finding[] = [];

/**
 * The rules' findings for one category and their highest score, in one pass (no
 * per-category arrays when the category has no finding).
 */
function rulesOnly(
  category: CategoryId,
  ruleFindings: Finding[],
): { score: number; findings: Finding[] } {
  let score = 0;
  let findings: Finding[] | null = null;
  for (let i = 0; i < ruleFindings.length; i++) {
    const finding = ruleFindings[i];
    if (finding.category !== category) continue;
    (findings ??= []).push(finding);
    score = Math.max(score, finding.score);
  }
  return { score, findings: findings ?? NO_FINDINGS };
}

/** Findings that decide one category, after the LLM merge rule of SPEC 10. */
function decidingFindings(
  category: CategoryId,
  ruleFindings: Finding[],
  modelOutcome: StageOutcome | undefined,
): { score: number; findings: Finding[] } {
  const rules = rulesOnly(category, ruleFindings);
  const modelScore = modelOutcome?.categoryScores?.[category];
  if (!modelOutcome || modelScore === undefined) return rules;

  // The model replaces the rules score, except that authoritative rules set a floor it
  // cannot lower (checksummed PII, exact known jailbreak templates).
  const authoritative = rules.findings.filter((finding) => finding.authoritative);
  const floor = Math.max(0, ...authoritative.map((finding) => finding.score));
  const modelFindings = modelOutcome.findings.filter((finding) => finding.category === category);
  return { score: Math.max(modelScore, floor), findings: [...modelFindings, ...authoritative] };
}

export function scoreTurn(
  outcomes: readonly StageOutcome[],
  stageNames: readonly StageName[],
  policy: Policy,
): TurnVerdict {
  const ran = outcomes
    .map((outcome, index) => ({ outcome, name: stageNames[index] }))
    .filter((o) => o.outcome.ran);
  const ruleFindings = ran.filter((o) => o.name === 'rules').flatMap((o) => o.outcome.findings);
  const modelOutcome = ran.filter((o) => o.name !== 'rules').at(-1)?.outcome;

  let severity: Level = 'none';
  let action: Action = 'none';
  const reasons: Reason[] = [];
  const categories = {} as Record<CategoryId, CategoryResult>;

  for (const category of CATEGORY_IDS) {
    const decided = decidingFindings(category, ruleFindings, modelOutcome);
    const score = roundScore(decided.score);
    const level = levelForScore(score, policy.thresholds[category]);
    const kept = level === 'none' ? NOTHING_KEPT : strongestFirst(decided.findings);
    categories[category] = {
      score,
      level,
      subcategories: kept.length === 0 ? [] : [...new Set(kept.map((f) => f.subcategory))],
    };
    severity = maxLevel(severity, level);
    action = maxAction(action, actionFor(policy, category, level));
    for (const finding of kept) {
      reasons.push({
        category,
        subcategory: finding.subcategory,
        stage: finding.stage,
        code: finding.code,
        message: finding.message,
        spans: finding.spans,
      });
    }
  }

  for (const { outcome, name } of outcomes.map((outcome, index) => ({
    outcome,
    name: stageNames[index],
  }))) {
    if (outcome.unavailable) {
      reasons.push({
        category: null,
        subcategory: null,
        stage: name,
        ...outcome.unavailable,
        spans: [],
      });
    }
  }

  return {
    severity,
    action,
    categories,
    reasons,
    stages: ran.map((o) => o.name),
    model:
      ran
        .map((o) => o.outcome.model)
        .filter((model): model is string => !!model)
        .at(-1) ?? 'none',
  };
}
