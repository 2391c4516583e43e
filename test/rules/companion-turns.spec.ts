import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConversationRunner, defaultRuleSetOptions, loadRuleSet } from '../../src/engine/rules-api';
import {
  CATEGORY_IDS,
  LEVELS,
  levelRank,
  type CategoryId,
  type Level,
} from '../../src/engine/taxonomy';

/**
 * Hand-written companion-chat turns (our own sentences, never benchmark items), one JSONL file
 * per category under fixtures/companion/. Each line is judged by the shipped rule packs alone:
 *   positive       every category in `expect` reaches at least its level;
 *   hard_negative  the file's category stays none (and every category named `none` in expect);
 *   small_talk     no category is raised at all.
 * Lines of one `conversation` run in order through one conversation, so flags and counts carry.
 */
type CompanionLine = {
  id: string;
  text: string;
  lang: string;
  kind: 'positive' | 'hard_negative' | 'small_talk';
  expect: Partial<Record<CategoryId, Level>>;
  conversation?: string;
};

const DIR = join(__dirname, 'fixtures', 'companion');
const ruleSet = loadRuleSet(defaultRuleSetOptions());

function readLines(file: string): CompanionLine[] {
  return readFileSync(join(DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as CompanionLine);
}

const files = readdirSync(DIR).filter((file) => file.endsWith('.jsonl'));

/**
 * Lines that state a birth year ("09년생인데", "born in 2011") were written in 2026 and mean the
 * age that gives then; the age detector reads years against today's date, so judge them as of then.
 */
const FIXTURES_WRITTEN = new Date('2026-11-27T12:00:00Z');
beforeAll(() => {
  jest.useFakeTimers({
    now: FIXTURES_WRITTEN,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
});
afterAll(() => jest.useRealTimers());

describe.each(files)('companion turns %s', (file) => {
  const fileCategory = file.replace(/\.jsonl$/, '') as CategoryId;
  const lines = readLines(file);
  const runners = new Map<string, ConversationRunner>();
  const verdictOf = (line: CompanionLine) => {
    const key = line.conversation ?? line.id;
    let runner = runners.get(key);
    if (!runner) runners.set(key, (runner = new ConversationRunner(ruleSet, key)));
    return runner.assess(line.text).verdict;
  };

  it('names a known category', () => {
    expect(CATEGORY_IDS).toContain(fileCategory);
  });

  it.each(lines.map((line) => [`${line.id} [${line.lang}] ${line.kind}`, line] as const))(
    '%s',
    (_name, line) => {
      // Assessed once: every call is a turn of the conversation, so counts and flags would
      // build up as if the line had been sent once per category.
      const { categories } = verdictOf(line);
      const levels = Object.fromEntries(
        CATEGORY_IDS.map((id) => [id, categories[id].level]),
      ) as Record<CategoryId, Level>;
      if (line.kind === 'small_talk') {
        expect(Object.entries(levels).filter(([, level]) => level !== 'none')).toEqual([]);
        return;
      }
      if (line.kind === 'hard_negative') {
        const mustStayNone = [fileCategory, ...Object.keys(line.expect)] as CategoryId[];
        expect(mustStayNone.filter((id) => levels[id] !== 'none')).toEqual([]);
        return;
      }
      const missed = Object.entries(line.expect)
        .filter(([id, level]) => levelRank(levels[id as CategoryId]) < levelRank(level))
        .map(([id, level]) => `${id}: expected >= ${level}, got ${levels[id as CategoryId]}`);
      expect(missed).toEqual([]);
    },
  );
});

it('level names used by the fixtures are the taxonomy levels', () => {
  for (const file of files) {
    for (const line of readLines(file)) {
      for (const level of Object.values(line.expect)) expect(LEVELS).toContain(level);
    }
  }
});

it('gives every fixture line its own id, so a failing line can be found by name', () => {
  const ids = files.flatMap((file) => readLines(file).map((line) => line.id));
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
});
