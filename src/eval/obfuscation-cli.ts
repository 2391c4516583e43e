/**
 * `npm run eval:obfuscation`: how well the shipped packs hold up when a signal word is disguised.
 *
 * Takes the single-turn positives of our own hand-written fixtures (test/rules/fixtures/companion,
 * English and Korean, never benchmark items), disguises one word of each the way people do to get
 * past filters, and prints, per disguise, how many lines that passed as written still reach their
 * expected level. English disguises one signal word (see typo-readings.ts and spelled-words.ts);
 * Korean disguises the longest Hangul word. Deterministic (seeded). A measurement, not a test.
 * Option: --show <disguise> prints up to 20 lines that no longer pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConversationRunner, defaultRuleSetOptions, loadRuleSet } from '../engine/rules-api';
import { conjoiningToCompatibility } from '../engine/normalisation/hangul';
import { isSignalWord } from '../engine/normalisation/spelled-words';
import { slipsOf } from '../engine/normalisation/typo-readings';
import { levelRank, type CategoryId, type Level } from '../engine/taxonomy';

type FixtureLine = {
  text: string;
  lang: string;
  kind: string;
  expect: Partial<Record<CategoryId, Level>>;
  conversation?: string;
};
type Disguise = {
  name: string;
  lang: 'en' | 'ko';
  apply: (word: string, pick: () => number) => string;
};

const FIXTURES = resolve(__dirname, '..', '..', 'test', 'rules', 'fixtures', 'companion');
const LEET_DIGITS: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };
const CYRILLIC: Record<string, string> = {
  a: 'а',
  e: 'е',
  o: 'о',
  c: 'с',
  p: 'р',
  x: 'х',
  y: 'у',
  i: 'і',
  s: 'ѕ',
};

const between = (word: string, separator: string) => [...word].join(separator);
const choose = <T>(items: readonly T[], pick: () => number): T =>
  items[Math.floor(pick() * items.length)];

const DISGUISES: Disguise[] = [
  { name: 'letters spaced', lang: 'en', apply: (w) => between(w, ' ') },
  { name: 'letters dotted', lang: 'en', apply: (w) => between(w, '.') },
  { name: 'one letter masked', lang: 'en', apply: (w) => `${w[0]}*${w.slice(2)}` },
  { name: 'two letters masked', lang: 'en', apply: (w) => `${w[0]}**${w.slice(3)}` },
  { name: 'leetspeak', lang: 'en', apply: (w) => w.replace(/[aeiost]/g, (c) => LEET_DIGITS[c]) },
  {
    name: 'cyrillic look-alikes',
    lang: 'en',
    apply: (w) => w.replace(/[aeocpxyis]/g, (c) => CYRILLIC[c]),
  },
  { name: 'zero-width inside', lang: 'en', apply: (w) => between(w, '\u200b') },
  { name: 'vowel stretched', lang: 'en', apply: (w) => w.replace(/[aeiou]/, (c) => c.repeat(5)) },
  { name: 'typo (swap/drop)', lang: 'en', apply: (w, pick) => choose(slipsOf(w), pick) ?? w },
  { name: 'vowels dropped', lang: 'en', apply: (w) => w[0] + w.slice(1).replace(/[aeiou]/g, '') },
  { name: 'syllables spaced', lang: 'ko', apply: (w) => between(w, ' ') },
  { name: 'syllables dotted', lang: 'ko', apply: (w) => between(w, '.') },
  {
    name: 'digit inserted',
    lang: 'ko',
    apply: (w) => `${w.slice(0, Math.ceil(w.length / 2))}1${w.slice(Math.ceil(w.length / 2))}`,
  },
  {
    name: 'first syllable as jamo',
    lang: 'ko',
    apply: (w) => asJamo(w[0]) + w.slice(1),
  },
];

/** A syllable typed as its letters: "죽" -> "ㅈㅜㄱ". */
function asJamo(syllable: string): string {
  return [...syllable.normalize('NFD')]
    .map((jamo) => conjoiningToCompatibility(jamo.charCodeAt(0)) ?? jamo)
    .join('');
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function readPositives(): FixtureLine[] {
  return readdirSync(FIXTURES)
    .filter((file) => file.endsWith('.jsonl'))
    .flatMap((file) => readFileSync(join(FIXTURES, file), 'utf8').split('\n'))
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as FixtureLine)
    .filter((line) => line.kind === 'positive' && !line.conversation);
}

/** Index of the word to disguise in `parts` (words at even positions after a split on non-words). */
function targetWord(parts: string[], lang: 'en' | 'ko'): number {
  if (lang === 'en')
    return parts.findIndex((part) => part.length >= 3 && isSignalWord(part.toLowerCase()));
  let best = -1;
  parts.forEach((part, index) => {
    if (/^[\uac00-\ud7a3]{2,}$/.test(part) && (best < 0 || part.length > parts[best].length))
      best = index;
  });
  return best;
}

function main(): void {
  const ruleSet = loadRuleSet(defaultRuleSetOptions());
  const reaches = (line: FixtureLine, text: string) => {
    const { categories } = new ConversationRunner(ruleSet, 'obfuscation').assess(text).verdict;
    return Object.entries(line.expect).every(
      ([id, level]) => levelRank(categories[id as CategoryId].level) >= levelRank(level),
    );
  };
  const showIndex = process.argv.indexOf('--show');
  const show = showIndex >= 0 ? process.argv[showIndex + 1] : null;
  const positives = readPositives();
  const print = (line: string) => process.stdout.write(`${line}\n`);
  print('disguise                  lang  still reach their level');
  for (const disguise of DISGUISES) {
    const pick = seeded(20261127);
    let tried = 0;
    let kept = 0;
    const lost: string[] = [];
    for (const line of positives) {
      if (line.lang !== disguise.lang) continue;
      const parts = line.text.split(/([^\p{L}\p{N}']+)/u);
      const index = targetWord(parts, disguise.lang);
      if (index < 0) continue;
      const word = disguise.lang === 'en' ? parts[index].toLowerCase() : parts[index];
      parts[index] = disguise.apply(word, pick);
      if (!reaches(line, line.text)) continue;
      tried++;
      if (reaches(line, parts.join(''))) kept++;
      else if (lost.length < 20) lost.push(parts.join(''));
    }
    const share = tried ? ((100 * kept) / tried).toFixed(1) : '-';
    print(`${disguise.name.padEnd(25)} ${disguise.lang.padEnd(5)} ${kept}/${tried} (${share}%)`);
    if (show === disguise.name) lost.forEach((text) => print(`    ${text}`));
  }
}

main();
