import {
  ACTIONS,
  isCategoryId,
  LEVELS,
  SPEAKER_TYPES,
  type Level,
  type SpeakerType,
} from '../taxonomy';
import type { ProblemList } from './problems';
import type {
  LevelBound,
  LevelExpectation,
  TestCase,
  TestFile,
  TestTurn,
  TurnExpectation,
} from './rule-pack.types';
import { YamlReader, type YamlValueNode } from './yaml-reader';

/** Parses a multi-turn test file (`rules/<category>/<pack-name>.test.yaml`). */

export function parseTestFile(
  file: string,
  source: string,
  problems: ProblemList,
  pack: { id: string; category: TestFile['category'] },
): TestFile | null {
  const reader = new YamlReader(file, source, problems);
  if (reader.root === null) return null;
  const fields = reader.mapping(reader.root, 'test file', ['cases'], ['cases']);
  if (!fields) return null;
  const before = problems.count;
  const cases: TestCase[] = [];
  const names = new Set<string>();
  (reader.sequence(fields.get('cases')?.value, 'cases') ?? []).forEach((node, index) => {
    const parsed = parseCase(reader, node, `cases[${index}]`);
    if (!parsed) return;
    if (names.has(parsed.name)) reader.error(node, `duplicate case name "${parsed.name}"`);
    names.add(parsed.name);
    cases.push(parsed);
  });
  if (problems.count > before) return null;
  return { packId: pack.id, category: pack.category, file, cases };
}

function parseCase(reader: YamlReader, node: YamlValueNode, what: string): TestCase | null {
  const fields = reader.mapping(node, what, ['name', 'turns'], ['name', 'turns']);
  if (!fields) return null;
  const name = reader.nonEmptyString(fields.get('name')?.value, `${what}.name`);
  const label = name ? `case "${name}"` : what;
  const turns: TestTurn[] = [];
  const items = reader.sequence(fields.get('turns')?.value, `${label}: turns`) ?? [];
  if (fields.has('turns') && items.length === 0)
    reader.error(fields.get('turns')?.value, `${label}: turns must not be empty`);
  items.forEach((item, index) => {
    const turn = parseTurn(reader, item, `${label}: turns[${index}]`);
    if (turn) turns.push(turn);
  });
  return name === null ? null : { name, turns, at: reader.at(node) };
}

function parseTurn(reader: YamlReader, node: YamlValueNode, what: string): TestTurn | null {
  const fields = reader.mapping(node, what, ['text', 'speaker', 'expect'], ['text']);
  if (!fields) return null;
  const text = reader.string(fields.get('text')?.value, `${what}.text`);
  let speaker: SpeakerType = 'user';
  const speakerNode = fields.get('speaker')?.value;
  if (speakerNode !== undefined) {
    const raw = reader.string(speakerNode, `${what}.speaker`);
    if (raw !== null && !(SPEAKER_TYPES as readonly string[]).includes(raw)) {
      reader.error(speakerNode, `${what}.speaker must be one of ${SPEAKER_TYPES.join(', ')}`);
    } else if (raw !== null) speaker = raw as SpeakerType;
  }
  const expectNode = fields.get('expect')?.value;
  const expect =
    expectNode === undefined ? null : parseExpectation(reader, expectNode, `${what}.expect`);
  return text === null ? null : { text, speaker, expect, at: reader.at(node) };
}

function parseExpectation(
  reader: YamlReader,
  node: YamlValueNode,
  what: string,
): TurnExpectation | null {
  if (!reader.isMapping(node)) {
    reader.error(node, `${what} must be a mapping such as { self_harm: high, severity: high }`);
    return null;
  }
  const expectation: TurnExpectation = {
    levels: [],
    severity: null,
    action: null,
    subcategories: [],
  };
  for (const pair of node.items) {
    const keyNode = pair.key as YamlValueNode;
    const valueNode = pair.value as YamlValueNode;
    const key = reader.string(keyNode, `${what} key`);
    if (key === null) continue;
    if (key === 'subcategories') {
      const map = reader.isMapping(valueNode) ? valueNode : null;
      if (!map) {
        reader.error(
          valueNode,
          `${what}.subcategories must map categories to lists of subcategory ids`,
        );
        continue;
      }
      for (const sub of map.items) {
        const category = reader.string(sub.key as YamlValueNode, `${what}.subcategories key`);
        if (category === null) continue;
        if (!isCategoryId(category)) {
          reader.error(
            sub.key as YamlValueNode,
            `${what}.subcategories: unknown category "${category}"`,
          );
          continue;
        }
        const ids =
          reader.stringList(sub.value as YamlValueNode, `${what}.subcategories.${category}`) ?? [];
        expectation.subcategories.push({ category, ids: ids.map((i) => i.value) });
      }
      continue;
    }
    if (key === 'action') {
      const action = reader.string(valueNode, `${what}.action`);
      if (action !== null && !(ACTIONS as readonly string[]).includes(action)) {
        reader.error(valueNode, `${what}.action must be one of ${ACTIONS.join(', ')}`);
      } else expectation.action = action;
      continue;
    }
    const level = parseLevel(reader, valueNode, `${what}.${key}`);
    if (!level) continue;
    if (key === 'severity') expectation.severity = level;
    else if (isCategoryId(key)) expectation.levels.push({ category: key, ...level });
    else
      reader.error(
        keyNode,
        `${what}: "${key}" is not a category, severity, action or subcategories`,
      );
  }
  return expectation;
}

function parseLevel(
  reader: YamlReader,
  node: YamlValueNode,
  what: string,
): LevelExpectation | null {
  const raw = reader.string(node, what);
  if (raw === null) return null;
  const bound: LevelBound = raw.startsWith('>=')
    ? 'atLeast'
    : raw.startsWith('<=')
      ? 'atMost'
      : 'exact';
  const level = (bound === 'exact' ? raw : raw.slice(2)).trim();
  if (!(LEVELS as readonly string[]).includes(level)) {
    reader.error(
      node,
      `${what} must be a level (${LEVELS.join(', ')}), ">=<level>" or "<=<level>", got "${raw}"`,
    );
    return null;
  }
  return { level: level as Level, bound };
}
