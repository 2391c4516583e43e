import { CATEGORY_IDS, type Level } from '../engine/taxonomy';
import type { EvalAccumulator, SourceTally, TargetTally, VariantTally } from './accumulator';
import { buildHeadline, type HeadlineRow } from './headline';
import type { Target } from './judgements';
import {
  emptyConfusion,
  f1,
  falsePositiveRate,
  mergeConfusion,
  precision,
  recall,
  ScoreHistogram,
  type Confusion,
  type PrPoint,
} from './metrics';

/** Metrics at level >= low, plus AUPRC from scores where both classes are present. */
export type MetricSet = Confusion & {
  positives: number;
  negatives: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** Share of negatives flagged. */
  fpr: number | null;
  auprc: number | null;
};

export type TargetSummary = {
  /** Pooled over sources that annotate both classes: precision, recall, F1, AUPRC. */
  twoClass: MetricSet | null;
  twoClassSources: string[];
  /** Detection rate over every positive, including positives-only sources. */
  allPositives: { positives: number; detected: number; recall: number | null };
  /** Share flagged over every negative, including negatives-only sources (e.g. XSTest safe). */
  allNegatives: { negatives: number; flagged: number; fpr: number | null };
  /** Precision-recall points of the pooled two-class scores (for the picture). */
  curve: PrPoint[];
};

export type SourceSummary = {
  source: string;
  items: number;
  languages: Record<string, number>;
  bySeverity: Partial<Record<Level, number>>;
  /** Per judged target; precision/F1 are null where the source has positives only. */
  targets: Partial<Record<Target, MetricSet>>;
  benignProbe: { items: number; flagged: number; rate: number | null };
  /** Per `orig.kind` (e.g. JailbreakBench goal vs attack); empty for other sources. */
  variants: Record<
    string,
    VariantTally & { contentRecall: number | null; flaggedRate: number | null }
  >;
  /** The rules that flagged this source's items in a category they are not in, most first. */
  falsePositiveRules: RuleCount[];
};

/** A rule and how many items it flagged in a category they are not in. */
export type RuleCount = { code: string; items: number };

/** Rules that raise the most false positives over all sources, with the sources they hit. */
export type FalsePositiveRule = RuleCount & { sources: Record<string, number> };

/** Kept per source and overall: the head of the list is what a pack owner looks at. */
const FALSE_POSITIVE_RULES_KEPT = 30;

export type LanguageSummary = {
  positives: number;
  detected: number;
  recall: number | null;
  negatives: number;
  falsePositives: number;
  fpr: number | null;
  /** From two-class sources only, as for the category table. */
  precision: number | null;
  f1: number | null;
};

export type EvalReport = {
  generatedAt: string;
  rulesVersion: string;
  inputs: string[];
  items: number;
  seconds: number;
  itemsPerSecond: number;
  headline: HeadlineRow[];
  targets: Partial<Record<Target, TargetSummary>>;
  sources: SourceSummary[];
  languages: Partial<Record<Target, Record<string, LanguageSummary>>>;
  falsePositiveRules: FalsePositiveRule[];
};

const TARGET_ORDER: Target[] = [...CATEGORY_IDS, 'any'];

export function metricSet(confusion: Confusion, histogram: ScoreHistogram | null): MetricSet {
  const positives = confusion.tp + confusion.fn;
  const negatives = confusion.fp + confusion.tn;
  const twoClass = positives > 0 && negatives > 0;
  return {
    ...confusion,
    positives,
    negatives,
    // Without negatives, precision is 1 by construction and says nothing: leave it out.
    precision: twoClass ? precision(confusion) : null,
    recall: recall(confusion),
    f1: twoClass ? f1(confusion) : null,
    fpr: falsePositiveRate(confusion),
    auprc: twoClass && histogram ? histogram.averagePrecision() : null,
  };
}

const isTwoClass = (tally: TargetTally): boolean =>
  tally.confusion.tp + tally.confusion.fn > 0 && tally.confusion.fp + tally.confusion.tn > 0;

function summariseTarget(target: Target, sources: SourceTally[]): TargetSummary | null {
  const tallies = sources
    .map((source) => ({ source: source.source, tally: source.targets.get(target) }))
    .filter((entry): entry is { source: string; tally: TargetTally } => !!entry.tally);
  if (tallies.length === 0) return null;

  const pooled = emptyConfusion();
  const histogram = new ScoreHistogram();
  const twoClassSources: string[] = [];
  let positives = 0;
  let detected = 0;
  let negatives = 0;
  let flagged = 0;
  for (const { source, tally } of tallies) {
    positives += tally.confusion.tp + tally.confusion.fn;
    detected += tally.confusion.tp;
    negatives += tally.confusion.fp + tally.confusion.tn;
    flagged += tally.confusion.fp;
    if (!isTwoClass(tally)) continue;
    twoClassSources.push(source);
    mergeConfusion(pooled, tally.confusion);
    histogram.merge(tally.histogram);
  }
  return {
    twoClass: twoClassSources.length > 0 ? metricSet(pooled, histogram) : null,
    twoClassSources,
    allPositives: { positives, detected, recall: positives === 0 ? null : detected / positives },
    allNegatives: { negatives, flagged, fpr: negatives === 0 ? null : flagged / negatives },
    curve: twoClassSources.length > 0 ? histogram.curve() : [],
  };
}

function summariseLanguages(
  target: Target,
  sources: SourceTally[],
): Record<string, LanguageSummary> | null {
  const all = new Map<string, Confusion>();
  const twoClass = new Map<string, Confusion>();
  for (const source of sources) {
    const tally = source.targets.get(target);
    if (!tally) continue;
    for (const [lang, confusion] of tally.byLanguage) {
      if (!all.has(lang)) all.set(lang, emptyConfusion());
      mergeConfusion(all.get(lang)!, confusion);
      if (isTwoClass(tally)) {
        if (!twoClass.has(lang)) twoClass.set(lang, emptyConfusion());
        mergeConfusion(twoClass.get(lang)!, confusion);
      }
    }
  }
  if (all.size === 0) return null;
  const result: Record<string, LanguageSummary> = {};
  for (const lang of [...all.keys()].sort()) {
    const counts = all.get(lang)!;
    const paired = twoClass.get(lang);
    const pairedHasBoth = !!paired && paired.tp + paired.fn > 0 && paired.fp + paired.tn > 0;
    result[lang] = {
      positives: counts.tp + counts.fn,
      detected: counts.tp,
      recall: recall(counts),
      negatives: counts.fp + counts.tn,
      falsePositives: counts.fp,
      fpr: falsePositiveRate(counts),
      precision: pairedHasBoth ? precision(paired) : null,
      f1: pairedHasBoth ? f1(paired) : null,
    };
  }
  return result;
}

function summariseSource(tally: SourceTally): SourceSummary {
  const targets: Partial<Record<Target, MetricSet>> = {};
  for (const target of TARGET_ORDER) {
    const entry = tally.targets.get(target);
    if (entry) targets[target] = metricSet(entry.confusion, entry.histogram);
  }
  const { items, flagged } = tally.benignProbe;
  return {
    source: tally.source,
    items: tally.items,
    languages: Object.fromEntries([...tally.languages].sort((a, b) => b[1] - a[1])),
    bySeverity: Object.fromEntries(tally.bySeverity),
    targets,
    benignProbe: { items, flagged, rate: items === 0 ? null : flagged / items },
    variants: Object.fromEntries(
      [...tally.variants].map(([kind, v]) => [
        kind,
        {
          ...v,
          contentRecall: v.contentPositives === 0 ? null : v.contentDetected / v.contentPositives,
          flaggedRate: v.items === 0 ? null : v.flagged / v.items,
        },
      ]),
    ),
    falsePositiveRules: mostFirst(tally.falsePositiveRules).slice(0, FALSE_POSITIVE_RULES_KEPT),
  };
}

function mostFirst(counts: ReadonlyMap<string, number>): RuleCount[] {
  return [...counts]
    .map(([code, items]) => ({ code, items }))
    .sort((a, b) => b.items - a.items || a.code.localeCompare(b.code));
}

function falsePositiveRulesOverall(sources: readonly SourceTally[]): FalsePositiveRule[] {
  const overall = new Map<string, number>();
  for (const source of sources) {
    for (const [code, n] of source.falsePositiveRules)
      overall.set(code, (overall.get(code) ?? 0) + n);
  }
  return mostFirst(overall)
    .slice(0, FALSE_POSITIVE_RULES_KEPT)
    .map((rule) => ({
      ...rule,
      sources: Object.fromEntries(
        sources
          .map((source): [string, number] => [
            source.source,
            source.falsePositiveRules.get(rule.code) ?? 0,
          ])
          .filter(([, n]) => n > 0)
          .sort((a, b) => b[1] - a[1]),
      ),
    }));
}

export function buildReport(input: {
  accumulator: EvalAccumulator;
  rulesVersion: string;
  inputs: string[];
  seconds: number;
  generatedAt?: Date;
}): EvalReport {
  const sources = [...input.accumulator.sources.values()].sort((a, b) =>
    a.source.localeCompare(b.source),
  );
  const items = sources.reduce((sum, source) => sum + source.items, 0);
  const targets: EvalReport['targets'] = {};
  const languages: EvalReport['languages'] = {};
  for (const target of TARGET_ORDER) {
    const summary = summariseTarget(target, sources);
    if (summary) targets[target] = summary;
    const byLanguage = summariseLanguages(target, sources);
    if (byLanguage) languages[target] = byLanguage;
  }
  const sourceSummaries = sources.map(summariseSource);
  return {
    generatedAt: (input.generatedAt ?? new Date()).toISOString(),
    rulesVersion: input.rulesVersion,
    inputs: input.inputs,
    items,
    seconds: input.seconds,
    itemsPerSecond: input.seconds > 0 ? items / input.seconds : 0,
    headline: buildHeadline(sourceSummaries),
    targets,
    sources: sourceSummaries,
    languages,
    falsePositiveRules: falsePositiveRulesOverall(sources),
  };
}
