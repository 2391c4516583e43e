import type { Level } from '../engine/taxonomy';
import type { ItemJudgements, Target } from './judgements';
import {
  addToConfusion,
  emptyConfusion,
  mergeConfusion,
  ScoreHistogram,
  type Confusion,
} from './metrics';

/** Counts for one target (category or `any`) within one source. */
export type TargetTally = {
  confusion: Confusion;
  histogram: ScoreHistogram;
  byLanguage: Map<string, Confusion>;
};

/** Everything counted for one source (one benchmark or data file). */
export type SourceTally = {
  source: string;
  items: number;
  languages: Map<string, number>;
  bySeverity: Map<Level, number>;
  targets: Map<Target, TargetTally>;
  benignProbe: { items: number; flagged: number };
  /** Split by `orig.kind` (JailbreakBench goal vs attack), see VariantTally. */
  variants: Map<string, VariantTally>;
  /** Rule code -> items it flagged in a category they are not in (see ItemJudgements). */
  falsePositiveRules: Map<string, number>;
};

/**
 * Detection per item variant: whether the item was flagged at all, whether the jailbreak
 * category fired, and recall over its annotated content categories (all but jailbreak), so
 * a plain harmful goal and the same goal wrapped in an attack can be compared.
 */
export type VariantTally = {
  items: number;
  flagged: number;
  jailbreakFlagged: number;
  contentPositives: number;
  contentDetected: number;
};

const emptyVariant = (): VariantTally => ({
  items: 0,
  flagged: 0,
  jailbreakFlagged: 0,
  contentPositives: 0,
  contentDetected: 0,
});

/**
 * Collects judgements per source in constant memory per (source, target, language): no
 * item or assessment is retained, so the whole bench streams through.
 */
export class EvalAccumulator {
  readonly sources = new Map<string, SourceTally>();

  add(
    source: string,
    lang: string,
    severity: Level,
    judged: ItemJudgements,
    variant: { kind: string; jailbreakFlagged: boolean } | null = null,
  ): void {
    const tally = this.tallyFor(source);
    if (variant) this.addVariant(tally, variant, severity, judged);
    tally.items += 1;
    tally.languages.set(lang, (tally.languages.get(lang) ?? 0) + 1);
    tally.bySeverity.set(severity, (tally.bySeverity.get(severity) ?? 0) + 1);
    for (const judgement of judged.judgements) {
      const target = this.targetTallyFor(tally, judgement.target);
      addToConfusion(target.confusion, judgement.positive, judgement.flagged);
      target.histogram.add(judgement.score, judgement.positive);
      let byLanguage = target.byLanguage.get(lang);
      if (!byLanguage) target.byLanguage.set(lang, (byLanguage = emptyConfusion()));
      addToConfusion(byLanguage, judgement.positive, judgement.flagged);
    }
    if (judged.benignProbe) {
      tally.benignProbe.items += 1;
      if (judged.benignProbe.flagged) tally.benignProbe.flagged += 1;
    }
    addCounts(
      tally.falsePositiveRules,
      judged.falsePositiveRules.map((code) => [code, 1]),
    );
  }

  private addVariant(
    tally: SourceTally,
    variant: { kind: string; jailbreakFlagged: boolean },
    severity: Level,
    judged: ItemJudgements,
  ): void {
    let counts = tally.variants.get(variant.kind);
    if (!counts) tally.variants.set(variant.kind, (counts = emptyVariant()));
    counts.items += 1;
    if (severity !== 'none') counts.flagged += 1;
    if (variant.jailbreakFlagged) counts.jailbreakFlagged += 1;
    for (const judgement of judged.judgements) {
      if (!judgement.positive || judgement.target === 'jailbreak') continue;
      counts.contentPositives += 1;
      if (judgement.flagged) counts.contentDetected += 1;
    }
  }

  tallyFor(source: string): SourceTally {
    let tally = this.sources.get(source);
    if (!tally) {
      tally = {
        source,
        items: 0,
        languages: new Map(),
        bySeverity: new Map(),
        targets: new Map(),
        benignProbe: { items: 0, flagged: 0 },
        variants: new Map(),
        falsePositiveRules: new Map(),
      };
      this.sources.set(source, tally);
    }
    return tally;
  }

  targetTallyFor(source: SourceTally, target: Target): TargetTally {
    let tally = source.targets.get(target);
    if (!tally) {
      tally = {
        confusion: emptyConfusion(),
        histogram: new ScoreHistogram(),
        byLanguage: new Map(),
      };
      source.targets.set(target, tally);
    }
    return tally;
  }
}

/** A structured-clone-safe copy of an accumulator, to move counts between worker threads. */
export type AccumulatorSnapshot = {
  source: string;
  items: number;
  languages: [string, number][];
  bySeverity: [Level, number][];
  targets: {
    target: Target;
    confusion: Confusion;
    positives: Float64Array;
    negatives: Float64Array;
    byLanguage: [string, Confusion][];
  }[];
  benignProbe: { items: number; flagged: number };
  variants: [string, VariantTally][];
  falsePositiveRules: [string, number][];
}[];

export function snapshotAccumulator(accumulator: EvalAccumulator): AccumulatorSnapshot {
  return [...accumulator.sources.values()].map((tally) => ({
    source: tally.source,
    items: tally.items,
    languages: [...tally.languages],
    bySeverity: [...tally.bySeverity],
    targets: [...tally.targets].map(([target, t]) => ({
      target,
      confusion: { ...t.confusion },
      positives: t.histogram.positives,
      negatives: t.histogram.negatives,
      byLanguage: [...t.byLanguage].map(([lang, c]): [string, Confusion] => [lang, { ...c }]),
    })),
    benignProbe: { ...tally.benignProbe },
    variants: [...tally.variants].map(([kind, v]): [string, VariantTally] => [kind, { ...v }]),
    falsePositiveRules: [...tally.falsePositiveRules],
  }));
}

/** Adds a snapshot's counts into an accumulator (sources seen in both are summed). */
export function mergeSnapshot(into: EvalAccumulator, snapshot: AccumulatorSnapshot): void {
  for (const source of snapshot) {
    const tally = into.tallyFor(source.source);
    tally.items += source.items;
    for (const [lang, n] of source.languages) {
      tally.languages.set(lang, (tally.languages.get(lang) ?? 0) + n);
    }
    for (const [level, n] of source.bySeverity) {
      tally.bySeverity.set(level, (tally.bySeverity.get(level) ?? 0) + n);
    }
    for (const entry of source.targets) {
      const target = into.targetTallyFor(tally, entry.target);
      mergeConfusion(target.confusion, entry.confusion);
      const histogram = new ScoreHistogram();
      histogram.positives.set(entry.positives);
      histogram.negatives.set(entry.negatives);
      target.histogram.merge(histogram);
      for (const [lang, confusion] of entry.byLanguage) {
        let byLanguage = target.byLanguage.get(lang);
        if (!byLanguage) target.byLanguage.set(lang, (byLanguage = emptyConfusion()));
        mergeConfusion(byLanguage, confusion);
      }
    }
    tally.benignProbe.items += source.benignProbe.items;
    tally.benignProbe.flagged += source.benignProbe.flagged;
    for (const [kind, variant] of source.variants) {
      let counts = tally.variants.get(kind);
      if (!counts) tally.variants.set(kind, (counts = emptyVariant()));
      for (const key of Object.keys(variant) as (keyof VariantTally)[]) {
        counts[key] += variant[key];
      }
    }
    addCounts(tally.falsePositiveRules, source.falsePositiveRules);
  }
}

function addCounts(into: Map<string, number>, counts: Iterable<readonly [string, number]>): void {
  for (const [key, n] of counts) into.set(key, (into.get(key) ?? 0) + n);
}
