import { isCategoryId, type CategoryId } from '../engine/taxonomy';

/**
 * One line of a `shared/data` or `shared/bench` file (see their README "Format"), or of an
 * assess output joined with those fields. `labels` holds only the categories the source
 * annotates: an absent category is unknown, never a negative.
 */
export type LabelledItem = {
  id: string;
  text: string;
  lang: string;
  labels: Partial<Record<CategoryId, 0 | 1>>;
  source: string;
  /** The source's own label fields (e.g. xstest `label: "unsafe"`). */
  orig: Record<string, unknown>;
};

export class LabelledItemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LabelledItemError';
  }
}

function readLabels(value: unknown): Partial<Record<CategoryId, 0 | 1>> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new LabelledItemError('"labels" must be an object');
  }
  const labels: Partial<Record<CategoryId, 0 | 1>> = {};
  for (const [key, label] of Object.entries(value)) {
    // Unknown keys and values other than 0/1 are not ours to score: skip, do not guess.
    if (isCategoryId(key) && (label === 0 || label === 1)) labels[key] = label;
  }
  return labels;
}

/** `fallbackSource` names the group when a line has no `source` (e.g. the file name). */
export function toLabelledItem(
  value: Record<string, unknown>,
  fallbackSource: string,
): LabelledItem {
  if (typeof value.id !== 'string' && typeof value.id !== 'number') {
    throw new LabelledItemError('"id" is required');
  }
  if (typeof value.text !== 'string') throw new LabelledItemError('"text" must be a string');
  const orig =
    value.orig && typeof value.orig === 'object' && !Array.isArray(value.orig)
      ? (value.orig as Record<string, unknown>)
      : {};
  return {
    id: String(value.id),
    text: value.text,
    lang: typeof value.lang === 'string' && value.lang !== '' ? value.lang : 'unknown',
    labels: readLabels(value.labels),
    source: typeof value.source === 'string' && value.source !== '' ? value.source : fallbackSource,
    orig,
  };
}
