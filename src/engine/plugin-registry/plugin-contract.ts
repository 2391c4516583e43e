import type { CategoryId, Level } from '../taxonomy';

/**
 * What a category plugin under `plugins/<category>/` provides to the engine. Plugins may
 * import from this directory only; the engine discovers them at start and validates them.
 */

export type SubcategoryDefinition = {
  /** Stable API id, e.g. `intent` (SPEC 4.1). */
  id: string;
  title: string;
  /** One or two sentences; also used in the LLM prompt, so write it for a model and a human. */
  description: string;
  defaultSeverity: Exclude<Level, 'none'>;
};

export type LevelThresholds = { low: number; medium: number; high: number; critical: number };

export type CategoryManifest = {
  id: CategoryId;
  version: string;
  title: string;
  description: string;
  subcategories: SubcategoryDefinition[];
  /** Overrides of the default score thresholds for this category (SPEC 4.2). */
  thresholds?: Partial<LevelThresholds>;
  /** Ids of normalisers this plugin provides (`<category>.<slug>`). */
  normalisers: string[];
  /** Ids of detectors this plugin provides (`<category>.<slug>`). */
  detectors: string[];
  maturity: 'stable' | 'incubating' | 'sandbox';
};

/**
 * Text with a map back to the request text: `map[i]` is the UTF-16 offset in the original
 * text of `text[i]`, and `map[text.length]` is the end offset. Normalisers keep the map in
 * step so that rule spans always point into what the caller sent.
 */
export type MappedText = { text: string; map: Int32Array };

export interface TextNormaliser {
  readonly id: string;
  normalise(input: MappedText): MappedText;
}

/** A detector hit. Offsets are UTF-16 offsets into the text given to `detect`. */
export type DetectorHit = {
  subcategory: string;
  start: number;
  end: number;
  /** Confidence in [0,1]; the rule decides the final score, this can only lower it. */
  confidence?: number;
  /** True when a checksum or strict validation confirmed the hit (Luhn, RRN, ...). */
  validated?: boolean;
  /** Extra facts rules may test (e.g. `{ age: 14 }`); never contains the matched text. */
  facts?: Record<string, string | number | boolean>;
};

export interface TextDetector {
  readonly id: string;
  readonly subcategories: readonly string[];
  /** Runs on the original request text; must be linear-time in the text length. */
  detect(text: string): DetectorHit[];
}

/** What `plugins/<category>/<category>.plugin.ts` exports as `plugin`. */
export type CategoryPlugin = {
  manifest: CategoryManifest;
  normalisers: TextNormaliser[];
  detectors: TextDetector[];
  /** This category's part of the LLM refinement prompt (Markdown). */
  promptFragment: string;
};
