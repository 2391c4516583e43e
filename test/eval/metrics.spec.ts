import {
  addToConfusion,
  emptyConfusion,
  f1,
  falsePositiveRate,
  mean,
  precision,
  recall,
  ScoreHistogram,
} from '../../src/eval/metrics';

describe('confusion metrics', () => {
  it('computes precision, recall, F1 and FP rate on a hand-made case', () => {
    const confusion = emptyConfusion();
    // 3 positives (2 found), 5 negatives (1 flagged)
    [true, true, false].forEach((flagged) => addToConfusion(confusion, true, flagged));
    [true, false, false, false, false].forEach((flagged) =>
      addToConfusion(confusion, false, flagged),
    );
    expect(confusion).toEqual({ tp: 2, fn: 1, fp: 1, tn: 4 });
    expect(precision(confusion)).toBeCloseTo(2 / 3);
    expect(recall(confusion)).toBeCloseTo(2 / 3);
    expect(f1(confusion)).toBeCloseTo(2 / 3);
    expect(falsePositiveRate(confusion)).toBeCloseTo(0.2);
  });

  it('says undefined rather than 0 where a ratio has no denominator', () => {
    const nothingFlagged = { tp: 0, fn: 4, fp: 0, tn: 6 };
    expect(precision(nothingFlagged)).toBeNull();
    expect(f1(nothingFlagged)).toBe(0); // positives exist, none found: a real zero
    const noPositives = { tp: 0, fn: 0, fp: 1, tn: 6 };
    expect(recall(noPositives)).toBeNull();
    expect(f1(noPositives)).toBeNull();
  });

  it('averages only known values', () => {
    expect(mean([0.5, null, 1])).toBeCloseTo(0.75);
    expect(mean([null])).toBeNull();
  });
});

describe('ScoreHistogram AUPRC', () => {
  function histogramOf(positives: number[], negatives: number[]): ScoreHistogram {
    const histogram = new ScoreHistogram();
    positives.forEach((score) => histogram.add(score, true));
    negatives.forEach((score) => histogram.add(score, false));
    return histogram;
  }

  it('is 1 for a perfect ranking', () => {
    expect(histogramOf([0.9, 0.8], [0.2, 0]).averagePrecision()).toBeCloseTo(1);
  });

  it('matches step-wise average precision on an interleaved ranking', () => {
    // ranking: P(.9) N(.8) P(.6) N(.1) -> 0.5 * 1 + 0.5 * 2/3
    expect(histogramOf([0.9, 0.6], [0.8, 0.1]).averagePrecision()).toBeCloseTo(5 / 6);
  });

  it('treats tied scores as one threshold step', () => {
    // everything at 0.5: one point, precision 1/3 at recall 1
    const histogram = histogramOf([0.5], [0.5, 0.5]);
    expect(histogram.curve()).toEqual([{ threshold: 0.5, precision: 1 / 3, recall: 1 }]);
    expect(histogram.averagePrecision()).toBeCloseTo(1 / 3);
  });

  it('counts unscored positives (score 0) at the last threshold, at the base rate', () => {
    // P(.7) then {P, N, N} at 0 -> 0.5 * 1 + 0.5 * 2/4
    expect(histogramOf([0.7, 0], [0, 0]).averagePrecision()).toBeCloseTo(0.75);
  });

  it('has no AUPRC without positives and merges exactly', () => {
    expect(histogramOf([], [0.3]).averagePrecision()).toBeNull();
    const a = histogramOf([0.9], [0.8]);
    a.merge(histogramOf([0.6], [0.1]));
    expect(a.averagePrecision()).toBeCloseTo(5 / 6);
    expect(a.positiveCount).toBe(2);
    expect(a.negativeCount).toBe(2);
  });
});
