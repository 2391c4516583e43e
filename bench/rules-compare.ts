/**
 * Same-answers check for rules-engine speed work: runs every text of ../shared/data and of
 * the companion fixtures (test/rules/fixtures/companion) through the shipped rule set and
 * writes, or compares against, the full results (findings with rule ids, scores, spans and
 * authoritative marks, shadow findings, flag requests, and the scored verdict: levels,
 * severity, action, reasons).
 *
 * Texts run in short in-memory conversations (six turns, every third one by the character)
 * so flag-, speaker- and count-conditioned rules are exercised too; long turns are added
 * by joining consecutive texts of a file up to 16,000 characters.
 *
 *   node -r @swc-node/register bench/rules-compare.ts --write /tmp/rules-before.jsonl.gz
 *   node -r @swc-node/register bench/rules-compare.ts --against /tmp/rules-before.jsonl.gz
 *
 * `--against` prints the number of turns compared and every differing one (first few in
 * full) and exits 1 on any difference. This is a script, not a test.
 */
import { createReadStream, createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { readJsonl } from '../src/batch/jsonl-reader';
import { ConversationRunner, defaultRuleSetOptions, loadRuleSet } from '../src/engine/rules-api';
import type { CompiledRuleSet } from '../src/engine/rules-api';
import type { SpeakerType } from '../src/engine/taxonomy';

const CONVERSATION_TURNS = 6;
const LONG_TURN_CHARS = 16_000;
const SHOWN_DIFFS = 5;

type Source = { name: string; texts: string[] };

async function dataSources(dataDir: string): Promise<Source[]> {
  const sources: Source[] = [];
  const files = readdirSync(dataDir)
    .filter((name) => name.endsWith('.jsonl.gz'))
    .sort();
  for (const name of files) {
    const texts: string[] = [];
    for await (const { value } of readJsonl(join(dataDir, name))) {
      if (typeof value.text === 'string') texts.push(value.text);
    }
    sources.push({ name, texts });
  }
  return sources;
}

function fixtureSources(fixtureDir: string): Source[] {
  return readdirSync(fixtureDir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => ({
      name: `companion/${name}`,
      texts: readFileSync(join(fixtureDir, name), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => (JSON.parse(line) as { text: string }).text),
    }));
}

/** Consecutive texts joined (newline-separated) into turns of up to LONG_TURN_CHARS. */
function longTurns(texts: readonly string[]): string[] {
  const joined: string[] = [];
  let current = '';
  for (const text of texts) {
    const next = current === '' ? text : `${current}\n${text}`;
    if (next.length > LONG_TURN_CHARS) {
      if (current !== '') joined.push(current);
      current = text.slice(0, LONG_TURN_CHARS);
    } else current = next;
  }
  if (current !== '') joined.push(current);
  // Most files would give hundreds; every tenth keeps the run short and still varied.
  return joined.filter((_, index) => index % 10 === 0);
}

/** One line per turn: `<source>#<index>\t<canonical JSON of outcome and verdict>`. */
function* resultLines(ruleSet: CompiledRuleSet, sources: Source[]): Generator<string> {
  for (const source of sources) {
    const turns = [...source.texts, ...longTurns(source.texts)];
    let runner = new ConversationRunner(ruleSet);
    for (let index = 0; index < turns.length; index++) {
      if (index % CONVERSATION_TURNS === 0) runner = new ConversationRunner(ruleSet);
      const speaker: SpeakerType = index % 3 === 2 ? 'character' : 'user';
      const { outcome, verdict } = runner.assess(turns[index], speaker);
      yield `${source.name}#${index}\t${JSON.stringify({ outcome, verdict })}`;
    }
  }
}

async function readLines(file: string): Promise<Map<string, string>> {
  const lines = new Map<string, string>();
  const input = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  for await (const line of input) {
    const tab = line.indexOf('\t');
    lines.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return lines;
}

async function main(): Promise<void> {
  const [mode, file] = process.argv.slice(2);
  if ((mode !== '--write' && mode !== '--against') || !file) {
    throw new Error('usage: rules-compare.ts --write <file.jsonl.gz> | --against <file.jsonl.gz>');
  }
  const root = resolve(__dirname, '..');
  const ruleSet = loadRuleSet(defaultRuleSetOptions());
  const sources = [
    ...(await dataSources(resolve(root, '..', 'shared', 'data'))),
    ...fixtureSources(join(root, 'test', 'rules', 'fixtures', 'companion')),
  ];

  if (mode === '--write') {
    const out = createGzip();
    const done = new Promise<void>((resolveDone) =>
      out.pipe(createWriteStream(file)).on('finish', () => resolveDone()),
    );
    let count = 0;
    for (const line of resultLines(ruleSet, sources)) {
      if (!out.write(`${line}\n`)) await new Promise((r) => out.once('drain', r));
      count++;
    }
    out.end();
    await done;
    console.log(`rules ${ruleSet.rulesVersion}: wrote ${count} turn results to ${file}`);
    return;
  }

  const expected = await readLines(file);
  let compared = 0;
  let differing = 0;
  for (const line of resultLines(ruleSet, sources)) {
    const tab = line.indexOf('\t');
    const key = line.slice(0, tab);
    const actual = line.slice(tab + 1);
    compared++;
    if (expected.get(key) === actual) continue;
    differing++;
    if (differing <= SHOWN_DIFFS) {
      console.log(
        `DIFF ${key}\n  expected ${expected.get(key) ?? '(missing)'}\n  actual   ${actual}`,
      );
    } else console.log(`DIFF ${key}`);
  }
  const missing = expected.size - compared;
  console.log(
    `rules ${ruleSet.rulesVersion}: compared ${compared} turns, ${differing} differ` +
      (missing !== 0 ? `, stored file has ${expected.size} lines` : ''),
  );
  if (differing > 0 || missing !== 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
