/**
 * `npm run train:jailbreak`: trains the jailbreak-template model and writes
 * `template-weights.json` beside this file. Deterministic: same data, same model.
 *
 * Reads ONLY OK/SA-licensed files of ../shared/data (flags checked in its README) and the
 * hand-written benign prompts in `benign-long-prompts.json`. Never reads ../shared/bench.
 * Holds out 20% of every source (fixed seed), trains an L2 logistic regression on the rest,
 * keeps the strongest weights, and picks the threshold on the held-out negatives (see
 * pickThreshold). Prints held-out precision and recall per source.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readJsonl } from '../../../src/batch/jsonl-reader';
import { MIN_TEMPLATE_CHARS, templateFeatures, type FeatureVector } from './template-features';
import { compileTemplateModel, scoreFeatures, sigmoid, type TemplateModel } from './template-model';

const DATA_DIR = process.env.SHARED_DATA_DIR ?? resolve(__dirname, '../../../../shared/data');
const OUTPUT = join(__dirname, 'template-weights.json');
const BENIGN_PROMPTS = join(__dirname, 'benign-long-prompts.json');

/** Jailbreak-labelled files; licence flag from ../shared/data/README.md. */
const POSITIVE_FILES: Record<string, 'OK' | 'SA'> = {
  gptfuzz_templates: 'OK', // MIT
  self_reminder_jailbreaks: 'OK', // MIT
  giskard_prompt_injections: 'OK', // MIT (garak Apache-2.0, PromptInject MIT)
  xsafety_goal_hijacking: 'OK', // Apache-2.0
};
/** Files with no jailbreak items: harmful requests, hate speech, PII sentences, comments. */
const NEGATIVE_FILES: Record<string, 'OK' | 'SA'> = {
  do_not_answer_train: 'OK', // Apache-2.0
  advbench: 'OK', // MIT
  davidson_hate_offensive: 'OK', // MIT
  presidio_synth_pii: 'OK', // MIT
  toxigen_demonstrations: 'OK', // MIT
  curse_detection: 'OK', // MIT
  beep_train: 'SA', // CC BY-SA 4.0
  zizun_malicious: 'SA', // MIT, partly BEEP! CC BY-SA 4.0
};
const OWN_BENIGN_SOURCE = 'own_benign_long_prompts';

const SEED = 20261123;
const HELD_OUT_SHARE = 0.2;
const EPOCHS = 20;
const LEARNING_RATE = 0.5;
const L2 = 1e-4;
/** Our benign long prompts are few but are exactly the confusable case: count each more. */
const OWN_BENIGN_WEIGHT = 8;
const KEPT_WEIGHTS = 5000;
const MAX_HELD_OUT_FPR = 0.005;

/** A script's report goes to stdout (the project's lint keeps console.log out of code). */
function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

type Example = { source: string; label: 0 | 1; features: FeatureVector; weight: number };

/** mulberry32: a tiny seeded PRNG so shuffles and splits are reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

async function readTexts(file: string, keep: (labels: Record<string, number>) => boolean) {
  const texts: string[] = [];
  for await (const { value } of readJsonl(join(DATA_DIR, `${file}.jsonl.gz`))) {
    const labels = (value.labels ?? {}) as Record<string, number>;
    if (typeof value.text === 'string' && keep(labels)) texts.push(value.text);
  }
  return texts;
}

async function loadSources(): Promise<Map<string, { label: 0 | 1; texts: string[] }>> {
  const sources = new Map<string, { label: 0 | 1; texts: string[] }>();
  for (const file of Object.keys(POSITIVE_FILES)) {
    sources.set(file, { label: 1, texts: await readTexts(file, (l) => l.jailbreak === 1) });
  }
  for (const file of Object.keys(NEGATIVE_FILES)) {
    sources.set(file, { label: 0, texts: await readTexts(file, (l) => l.jailbreak !== 1) });
  }
  const own = JSON.parse(readFileSync(BENIGN_PROMPTS, 'utf8')) as string[];
  sources.set(OWN_BENIGN_SOURCE, { label: 0, texts: own });
  return sources;
}

/**
 * Splits every source 80/20 (stratified by source, hence by label). Training keeps short
 * texts too, so that the model learns that request wording ("please write", "explain") is not
 * itself a jailbreak; the held-out set keeps only texts the detector would score.
 */
function split(sources: Map<string, { label: 0 | 1; texts: string[] }>) {
  const random = seededRandom(SEED);
  const train: Example[] = [];
  const heldOut: Example[] = [];
  for (const [source, { label, texts }] of sources) {
    const shuffled = shuffle(texts, random);
    const heldOutCount = Math.round(shuffled.length * HELD_OUT_SHARE);
    shuffled.forEach((text, i) => {
      const example: Example = { source, label, features: templateFeatures(text), weight: 1 };
      if (i >= heldOutCount) train.push(example);
      else if (text.length >= MIN_TEMPLATE_CHARS) heldOut.push(example);
    });
  }
  return { train, heldOut };
}

/**
 * Sample weights. A source weighs the square root of its size, so 20,000 tweets do not drown
 * 96 templates or 500 harmful requests; our own benign prompts weigh OWN_BENIGN_WEIGHT times
 * more; then both classes are scaled to the same total.
 */
function weigh(train: Example[]): void {
  const sizes = new Map<string, number>();
  for (const e of train) sizes.set(e.source, (sizes.get(e.source) ?? 0) + 1);
  const raw = (e: Example) =>
    (e.source === OWN_BENIGN_SOURCE ? OWN_BENIGN_WEIGHT : 1) / Math.sqrt(sizes.get(e.source) ?? 1);
  const total = { 0: 0, 1: 0 };
  for (const e of train) total[e.label] += raw(e);
  for (const e of train) e.weight = (raw(e) * train.length) / (2 * total[e.label]);
}

/**
 * SGD on the weighted log-loss with L2. The L2 shrink of every weight per step is kept as
 * one global scale factor (w = scale * v), so a step costs only the example's features.
 */
function fit(train: Example[]): { bias: number; weights: Float64Array } {
  const random = seededRandom(SEED + 1);
  const v = new Float64Array(1 << 20);
  let scale = 1;
  let bias = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const rate = LEARNING_RATE / (1 + epoch);
    for (const example of shuffle(train, random)) {
      let logit = bias;
      for (const [i, x] of example.features) logit += scale * v[i] * x;
      const gradient = (sigmoid(logit) - example.label) * example.weight;
      scale *= 1 - rate * L2;
      for (const [i, x] of example.features) v[i] -= (rate * gradient * x) / scale;
      bias -= rate * gradient;
      if (scale < 1e-6) {
        for (let i = 0; i < v.length; i++) v[i] *= scale;
        scale = 1;
      }
    }
  }
  for (let i = 0; i < v.length; i++) v[i] *= scale;
  return { bias, weights: v };
}

function prune(bias: number, weights: Float64Array): TemplateModel {
  const strongest = [...weights.keys()]
    .filter((i) => weights[i] !== 0)
    .sort((a, b) => Math.abs(weights[b]) - Math.abs(weights[a]) || a - b)
    .slice(0, KEPT_WEIGHTS)
    .sort((a, b) => a - b);
  const kept: Record<string, number> = {};
  for (const i of strongest) kept[String(i)] = Number(weights[i].toFixed(4));
  return { version: '', bias: Number(bias.toFixed(4)), threshold: 1, weights: kept };
}

/**
 * The lowest threshold (to 4 decimals) at which at most MAX_HELD_OUT_FPR of the held-out
 * negatives, and none of our held-out benign long prompts, score at or over it.
 */
function pickThreshold(heldOutNegatives: Array<{ source: string; score: number }>): number {
  const sorted = heldOutNegatives.map((n) => n.score).sort((a, b) => b - a);
  const allowed = Math.floor(sorted.length * MAX_HELD_OUT_FPR);
  const ownBenign = heldOutNegatives.filter((n) => n.source === OWN_BENIGN_SOURCE);
  const floor = Math.max(sorted[allowed], ...ownBenign.map((n) => n.score));
  return Math.ceil((floor + 1e-9) * 10000) / 10000;
}

function report(model: TemplateModel, heldOut: Example[]): void {
  const compiled = compileTemplateModel(model);
  const bySource = new Map<string, { flagged: number; total: number; label: 0 | 1 }>();
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const e of heldOut) {
    const flagged = scoreFeatures(compiled, e.features) >= model.threshold;
    const entry = bySource.get(e.source) ?? { flagged: 0, total: 0, label: e.label };
    entry.total++;
    if (flagged) entry.flagged++;
    bySource.set(e.source, entry);
    if (flagged && e.label === 1) tp++;
    if (flagged && e.label === 0) fp++;
    if (!flagged && e.label === 1) fn++;
  }
  const precision = tp / Math.max(1, tp + fp);
  const recall = tp / Math.max(1, tp + fn);
  const negatives = heldOut.filter((e) => e.label === 0).length;
  print(`threshold ${model.threshold}, ${Object.keys(model.weights).length} weights`);
  print(
    `held-out (texts >= ${MIN_TEMPLATE_CHARS} chars): precision ${precision.toFixed(3)}, ` +
      `recall ${recall.toFixed(3)}, false positives ${fp}/${negatives}`,
  );
  for (const [source, { flagged, total, label }] of bySource) {
    print(`  ${label ? 'positive' : 'negative'} ${source}: ${flagged}/${total} flagged`);
  }
}

async function main(): Promise<void> {
  const { train, heldOut } = split(await loadSources());
  weigh(train);
  const { bias, weights } = fit(train);
  const model = prune(bias, weights);
  const compiled = compileTemplateModel(model);
  model.threshold = pickThreshold(
    heldOut
      .filter((e) => e.label === 0)
      .map((e) => ({ source: e.source, score: scoreFeatures(compiled, e.features) })),
  );
  // The version is a content hash: it changes exactly when the model does.
  const digest = createHash('sha256').update(JSON.stringify(model)).digest('hex');
  model.version = `tm-${digest.slice(0, 12)}`;
  // Two-space JSON is what prettier writes, so `npm run lint` stays green after a retrain.
  writeFileSync(OUTPUT, `${JSON.stringify(model, null, 2)}\n`);
  print(`train ${train.length}, held out ${heldOut.length}; wrote ${OUTPUT}`);
  report(model, heldOut);
}

void main();
