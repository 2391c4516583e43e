import {
  gramBuckets,
  loweredForFeatures,
  structuralBuckets,
  type FeatureVector,
} from './template-features';

/** The committed model file (`template-weights.json`), written by `npm run train:jailbreak`. */
export type TemplateModel = {
  version: string;
  /** Logistic regression intercept. */
  bias: number;
  /** Probability at or above which a turn counts as a template (picked on held-out data). */
  threshold: number;
  /** Hash bucket (decimal string) -> weight; only the strongest weights are kept. */
  weights: Record<string, number>;
};

/** Weights as a Map keyed by number, so scoring does no string conversion per feature. */
export type CompiledTemplateModel = {
  bias: number;
  threshold: number;
  weights: Map<number, number>;
};

export function compileTemplateModel(model: TemplateModel): CompiledTemplateModel {
  const weights = new Map<number, number>();
  for (const [index, weight] of Object.entries(model.weights)) weights.set(Number(index), weight);
  return { bias: model.bias, threshold: model.threshold, weights };
}

export function sigmoid(logit: number): number {
  return 1 / (1 + Math.exp(-logit));
}

export function scoreFeatures(model: CompiledTemplateModel, features: FeatureVector): number {
  let logit = model.bias;
  for (const [index, value] of features) logit += (model.weights.get(index) ?? 0) * value;
  return sigmoid(logit);
}

/**
 * Probability in [0,1] that `text` is a jailbreak template: `scoreFeatures` of
 * `templateFeatures(text)`, summed without building the feature map (every long turn is scored).
 */
export function scoreTemplate(model: CompiledTemplateModel, text: string): number {
  const lowered = loweredForFeatures(text);
  const grams = gramBuckets(lowered);
  let gramWeights = 0;
  for (const index of grams) gramWeights += model.weights.get(index) ?? 0;
  let logit = model.bias + (grams.size > 0 ? gramWeights / Math.sqrt(grams.size) : 0);
  for (const index of new Set(structuralBuckets(text, lowered))) {
    // A structural bucket that collides with a gram's holds value 1 in the feature map.
    const weight = model.weights.get(index) ?? 0;
    logit += grams.has(index) ? weight * (1 - 1 / Math.sqrt(grams.size)) : weight;
  }
  return sigmoid(logit);
}
