import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonl } from '../src/batch/jsonl-reader';

/** The benches' turns: mixed English and Korean texts of ../shared/data, up to this long. */
const MAX_TEXT_CHARS = 16_000;

/**
 * Every en/ko text of the data files, then an even stride over each language so the
 * sample spans all sources, interleaved en, ko, en, ko...
 */
export async function sampleTurns(dataDir: string, count: number): Promise<string[]> {
  const byLanguage = new Map<string, string[]>([
    ['en', []],
    ['ko', []],
  ]);
  const files = readdirSync(dataDir)
    .filter((name) => name.endsWith('.jsonl.gz'))
    .sort();
  for (const name of files) {
    for await (const { value } of readJsonl(join(dataDir, name))) {
      const texts = typeof value.lang === 'string' ? byLanguage.get(value.lang) : undefined;
      if (texts && typeof value.text === 'string' && value.text.length <= MAX_TEXT_CHARS) {
        texts.push(value.text);
      }
    }
  }
  const perLanguage = Math.ceil(count / 2);
  const picked = [...byLanguage.values()].map((texts) =>
    Array.from(
      { length: Math.min(perLanguage, texts.length) },
      (_, i) => texts[Math.floor((i * texts.length) / perLanguage)],
    ),
  );
  const mixed: string[] = [];
  for (let i = 0; i < perLanguage; i += 1) {
    for (const texts of picked) if (i < texts.length) mixed.push(texts[i]);
  }
  return mixed.slice(0, count);
}
