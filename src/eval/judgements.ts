import { CATEGORY_IDS, type CategoryId, type Level } from '../engine/taxonomy';
import type { LabelledItem } from './labelled-item';

/** What the evaluator needs from an assessment (a full TurnAssessment has more). */
export type ScoredTurn = {
  severity: Level;
  categories: Record<CategoryId, { score: number; level: Level }>;
  /** The rules behind the levels (the assessment's reasons), where the input keeps them. */
  reasons?: readonly { category: CategoryId | null; code: string }[];
};

/** `any` = "some category flagged", for items labelled unsafe without a category. */
export type Target = CategoryId | 'any';

export type Judgement = {
  target: Target;
  positive: boolean;
  /** Flagged = level low or above (the policy's thresholds decide the level). */
  flagged: boolean;
  score: number;
};

export type ItemJudgements = {
  judgements: Judgement[];
  /**
   * Set for benign probes: items whose source annotates categories and says the item is in
   * none of them (xstest safe, qualifire benign, hatecheck non-hateful). Any flag on such
   * an item, in any category, counts as a false positive of the probe.
   */
  benignProbe: { flagged: boolean } | null;
  /**
   * The rules that flagged the item in a category it is not in (a category labelled 0, or any
   * category of a benign probe), each once: what a pack owner reads to find what costs precision.
   */
  falsePositiveRules: string[];
};

const maxScore = (turn: ScoredTurn): number =>
  Math.max(...CATEGORY_IDS.map((category) => turn.categories[category].score));

/**
 * Unsafe but outside the nine categories' labels: XSTest unsafe prompts (`orig.label`) and
 * AdvBench-style harmful requests (`orig.harmful_request`).
 */
const isHarmfulWithoutCategory = (item: LabelledItem): boolean =>
  item.orig.label === 'unsafe' || item.orig.harmful_request === true;

/**
 * The label-subset rule of `shared/bench/README.md` "How to score": only the categories an
 * item annotates are judged; `labels: {}` with `orig.label = "unsafe"` is judged as "any
 * category flagged" (as are `orig.harmful_request` items of shared/data); other unlabelled
 * items are not judged at all.
 */
export function judgeItem(item: LabelledItem, turn: ScoredTurn): ItemJudgements {
  const judgements: Judgement[] = [];
  const annotated = Object.entries(item.labels) as [CategoryId, 0 | 1][];
  for (const [category, label] of annotated) {
    const result = turn.categories[category];
    judgements.push({
      target: category,
      positive: label === 1,
      flagged: result.level !== 'none',
      score: result.score,
    });
  }
  if (annotated.length === 0 && isHarmfulWithoutCategory(item)) {
    judgements.push({
      target: 'any',
      positive: true,
      flagged: turn.severity !== 'none',
      score: maxScore(turn),
    });
  }
  const benign = annotated.length > 0 && annotated.every(([, label]) => label === 0);
  const notIn = new Set<CategoryId>(
    benign ? CATEGORY_IDS : annotated.filter(([, label]) => label === 0).map(([id]) => id),
  );
  return {
    judgements,
    benignProbe: benign ? { flagged: turn.severity !== 'none' } : null,
    falsePositiveRules: falsePositiveRules(turn, notIn),
  };
}

function falsePositiveRules(turn: ScoredTurn, notIn: ReadonlySet<CategoryId>): string[] {
  const codes = new Set<string>();
  for (const reason of turn.reasons ?? []) {
    const { category } = reason;
    if (category !== null && notIn.has(category) && turn.categories[category].level !== 'none') {
      codes.add(reason.code);
    }
  }
  return [...codes];
}
