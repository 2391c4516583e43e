import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { toBatchTurn } from '../batch/batch-turn';
import { readJsonl, uncompressedSize } from '../batch/jsonl-reader';
import type { ProgressReporter } from '../batch/progress';
import type { TurnAssessor } from '../batch/turn-assessor';
import { CATEGORY_IDS, LEVELS, type Level } from '../engine/taxonomy';
import { EvalAccumulator } from './accumulator';
import type { ErrorLog } from './error-log';
import { judgeItem, type ScoredTurn } from './judgements';
import { toLabelledItem } from './labelled-item';

export class EvalInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvalInputError';
  }
}

const DATA_FILE = /\.jsonl(\.gz)?$/;

/** Expands directories to the `.jsonl` / `.jsonl.gz` files inside them, sorted. */
export async function expandInputs(paths: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    if ((await stat(path)).isDirectory()) {
      const names = (await readdir(path)).filter((name) => DATA_FILE.test(name)).sort();
      files.push(...names.map((name) => join(path, name)));
    } else {
      files.push(path);
    }
  }
  return files;
}

const sourceNameOf = (file: string): string => basename(file).replace(DATA_FILE, '');

const isLevel = (value: unknown): value is Level =>
  typeof value === 'string' && (LEVELS as readonly string[]).includes(value);

/** Accepts a stored assessment (assess output) if it has what scoring needs. */
export function toScoredTurn(value: unknown): ScoredTurn | null {
  if (!value || typeof value !== 'object') return null;
  const candidate = value as { severity?: unknown; categories?: Record<string, unknown> };
  if (!isLevel(candidate.severity) || !candidate.categories) return null;
  for (const category of CATEGORY_IDS) {
    const result = candidate.categories[category] as { score?: unknown; level?: unknown };
    if (!result || typeof result.score !== 'number' || !isLevel(result.level)) return null;
  }
  return value as ScoredTurn;
}

/**
 * Reads `{"id","assessment"}` lines (assess output) into a compact id -> scores map so
 * they can be joined with labelled files.
 */
export async function loadPredictions(path: string): Promise<Map<string, ScoredTurn>> {
  const predictions = new Map<string, ScoredTurn>();
  for await (const record of readJsonl(path)) {
    const scored = toScoredTurn(record.value.assessment);
    if (record.value.id === undefined || !scored) {
      throw new EvalInputError(`${path}:${record.line}: expected {"id", "assessment"}`);
    }
    // Keep only what scoring reads, not reasons and spans.
    predictions.set(String(record.value.id), {
      severity: scored.severity,
      reasons: scored.reasons?.map(({ category, code }) => ({ category, code })),
      categories: Object.fromEntries(
        CATEGORY_IDS.map((c) => [
          c,
          { score: scored.categories[c].score, level: scored.categories[c].level },
        ]),
      ) as ScoredTurn['categories'],
    });
  }
  return predictions;
}

export type EvalRun = { accumulator: EvalAccumulator; files: string[]; seconds: number };

/**
 * Streams every labelled file once. Each item is scored from, in order of preference: an
 * `assessment` on the line itself, the predictions file joined by id, or the assessor run
 * in process.
 */
export async function runEval(options: {
  inputs: string[];
  assessor: TurnAssessor | null;
  predictions?: Map<string, ScoredTurn>;
  progress?: ProgressReporter;
  errors?: ErrorLog;
}): Promise<EvalRun> {
  const started = performance.now();
  const files = await expandInputs(options.inputs);
  const accumulator = new EvalAccumulator();
  const sizes = await Promise.all(files.map(uncompressedSize));
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  let bytesBefore = 0;
  let items = 0;
  options.progress?.start(totalBytes, 'eval');
  try {
    for (const [index, file] of files.entries()) {
      for await (const record of readJsonl(file)) {
        const where = `${file}:${record.line}`;
        let item;
        let turn;
        try {
          item = toLabelledItem(record.value, sourceNameOf(file));
          turn = toBatchTurn(record.value);
        } catch (error) {
          throw new EvalInputError(`${where}: ${(error as Error).message}`);
        }
        const scored =
          toScoredTurn(record.value.assessment) ??
          options.predictions?.get(item.id) ??
          options.assessor?.assess(turn) ??
          null;
        if (!scored) throw new EvalInputError(`${where}: no assessment for id ${item.id}`);
        const judged = judgeItem(item, scored);
        const kind = item.orig.kind;
        const variant =
          typeof kind === 'string'
            ? { kind, jailbreakFlagged: scored.categories.jailbreak.level !== 'none' }
            : null;
        accumulator.add(item.source, item.lang, scored.severity, judged, variant);
        await options.errors?.record(item, judged.judgements);
        items += 1;
        if ((items & 255) === 0) options.progress?.update(bytesBefore + record.bytesRead, items);
      }
      bytesBefore += sizes[index];
    }
  } finally {
    options.progress?.update(totalBytes, items);
    options.progress?.stop();
  }
  return { accumulator, files, seconds: (performance.now() - started) / 1000 };
}
