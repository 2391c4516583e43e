import type { Level } from '../engine/taxonomy';
import type { ItemJudgements, Target } from './judgements';
import { addToConfusion, emptyConfusion, ScoreHistogram, type Confusion } from './metrics';

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
};

/**
 * Collects judgements per source in constant memory per (source, target, language): no
 * item or assessment is retained, so the whole bench streams through.
 */
export class EvalAccumulator {
  readonly sources = new Map<string, SourceTally>();

  add(source: string, lang: string, severity: Level, judged: ItemJudgements): void {
    const tally = this.sourceTally(source);
    tally.items += 1;
    tally.languages.set(lang, (tally.languages.get(lang) ?? 0) + 1);
    tally.bySeverity.set(severity, (tally.bySeverity.get(severity) ?? 0) + 1);
    for (const judgement of judged.judgements) {
      const target = this.targetTally(tally, judgement.target);
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
  }

  private sourceTally(source: string): SourceTally {
    let tally = this.sources.get(source);
    if (!tally) {
      tally = {
        source,
        items: 0,
        languages: new Map(),
        bySeverity: new Map(),
        targets: new Map(),
        benignProbe: { items: 0, flagged: 0 },
      };
      this.sources.set(source, tally);
    }
    return tally;
  }

  private targetTally(source: SourceTally, target: Target): TargetTally {
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
