/**
 * Classification metrics for the evaluator. Values are null where undefined (no predicted
 * positives for precision, no positives for recall), never a silent 0 or NaN.
 */

export type Confusion = { tp: number; fp: number; fn: number; tn: number };

export const emptyConfusion = (): Confusion => ({ tp: 0, fp: 0, fn: 0, tn: 0 });

export function addToConfusion(confusion: Confusion, positive: boolean, flagged: boolean): void {
  if (positive) {
    if (flagged) confusion.tp += 1;
    else confusion.fn += 1;
  } else if (flagged) confusion.fp += 1;
  else confusion.tn += 1;
}

export function mergeConfusion(into: Confusion, from: Confusion): void {
  into.tp += from.tp;
  into.fp += from.fp;
  into.fn += from.fn;
  into.tn += from.tn;
}

const ratio = (numerator: number, denominator: number): number | null =>
  denominator === 0 ? null : numerator / denominator;

export const precision = (c: Confusion): number | null => ratio(c.tp, c.tp + c.fp);
export const recall = (c: Confusion): number | null => ratio(c.tp, c.tp + c.fn);
/** Share of negatives flagged. */
export const falsePositiveRate = (c: Confusion): number | null => ratio(c.fp, c.fp + c.tn);

/** F1; 0 when there are positives but nothing correct, null when it is undefined. */
export function f1(c: Confusion): number | null {
  if (c.tp + c.fn === 0) return null;
  return (2 * c.tp) / (2 * c.tp + c.fp + c.fn);
}

export type PrPoint = { threshold: number; precision: number; recall: number };

/** Scores are kept at the API's resolution: rounded to 3 decimals, so 1001 exact bins. */
const BINS = 1001;

/**
 * Score distribution of positives and negatives in fixed bins. Exact for API scores
 * (3 decimals), mergeable, and constant memory however many items are scored.
 */
export class ScoreHistogram {
  readonly positives = new Float64Array(BINS);
  readonly negatives = new Float64Array(BINS);

  add(score: number, positive: boolean): void {
    const bin = Math.min(BINS - 1, Math.max(0, Math.round(score * (BINS - 1))));
    (positive ? this.positives : this.negatives)[bin] += 1;
  }

  merge(other: ScoreHistogram): void {
    for (let bin = 0; bin < BINS; bin += 1) {
      this.positives[bin] += other.positives[bin];
      this.negatives[bin] += other.negatives[bin];
    }
  }

  get positiveCount(): number {
    return this.positives.reduce((sum, n) => sum + n, 0);
  }

  get negativeCount(): number {
    return this.negatives.reduce((sum, n) => sum + n, 0);
  }

  /**
   * One point per distinct score, from the highest threshold down: items with
   * score >= threshold are predicted positive. Tied scores form one step.
   */
  curve(): PrPoint[] {
    const totalPositives = this.positiveCount;
    if (totalPositives === 0) return [];
    const points: PrPoint[] = [];
    let tp = 0;
    let fp = 0;
    for (let bin = BINS - 1; bin >= 0; bin -= 1) {
      if (this.positives[bin] === 0 && this.negatives[bin] === 0) continue;
      tp += this.positives[bin];
      fp += this.negatives[bin];
      points.push({
        threshold: bin / (BINS - 1),
        precision: tp / (tp + fp),
        recall: tp / totalPositives,
      });
    }
    return points;
  }

  /**
   * Area under the precision-recall curve as average precision: the sum over thresholds
   * of (recall gain) x precision, without interpolation (the usual step-wise estimator).
   * Null without positives.
   */
  averagePrecision(): number | null {
    const points = this.curve();
    if (points.length === 0) return null;
    let previousRecall = 0;
    let area = 0;
    for (const point of points) {
      area += (point.recall - previousRecall) * point.precision;
      previousRecall = point.recall;
    }
    return area;
  }
}

export function mean(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((sum, v) => sum + v, 0) / known.length;
}
