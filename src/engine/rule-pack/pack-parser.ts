import type { FlagRequest } from '../pipeline/assessment-stage';
import {
  CATEGORY_IDS,
  isCategoryId,
  LEVELS,
  SPEAKER_TYPES,
  type CategoryId,
  type Level,
  type SpeakerType,
} from '../taxonomy';
import { parseExpression } from './expression-parser';
import type { ProblemList } from './problems';
import {
  RULE_STATUSES,
  type InlineExample,
  type RuleDefinition,
  type RulePack,
  type RuleStatus,
  type SharedList,
} from './rule-pack.types';
import { YamlReader, type YamlValueNode } from './yaml-reader';

/** Parses and validates one rule-pack file (`rules/<category>/<pack-name>.yaml`). */

const PACK_FIELDS = ['id', 'version', 'category', 'languages', 'description', 'lists', 'rules'];
const PACK_REQUIRED = ['id', 'version', 'category', 'languages', 'description', 'rules'];
const RULE_FIELDS = [
  'id',
  'subcategory',
  'description',
  'score',
  'reason',
  'status',
  'authoritative',
  'speakers',
  'match',
  'unless',
  'when',
  'set_flags',
  'tests',
];
const RULE_REQUIRED = ['id', 'subcategory', 'description', 'score', 'reason', 'match'];
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]+)?$/;
const SLUG = /^[a-z0-9][a-z0-9_-]*$/;
const FLAG_NAME = /^[a-z][a-z0-9_]*$/;
const LIST_NAME = /^[a-z][a-z0-9_-]*$/;

export function parsePack(
  file: string,
  source: string,
  problems: ProblemList,
  expected: { category: string; packName: string },
): RulePack | null {
  const reader = new YamlReader(file, source, problems);
  if (reader.root === null) return null;
  const fields = reader.mapping(reader.root, 'pack', PACK_FIELDS, PACK_REQUIRED);
  if (!fields) return null;
  const before = problems.count;
  const value = (name: string) => fields.get(name)?.value;

  const category = reader.nonEmptyString(value('category'), 'category');
  if (category !== null && category !== expected.category) {
    reader.error(
      value('category'),
      `category "${category}" must equal the folder name "${expected.category}"`,
    );
  }
  if (category !== null && !isCategoryId(category)) {
    reader.error(
      value('category'),
      `unknown category "${category}" (one of ${CATEGORY_IDS.join(', ')})`,
    );
  }
  const id = reader.nonEmptyString(value('id'), 'id');
  const expectedId = `${expected.category}.${expected.packName}`;
  if (id !== null && id !== expectedId) {
    reader.error(value('id'), `pack id "${id}" must be "${expectedId}" (<category>.<file name>)`);
  }
  const version = reader.nonEmptyString(value('version'), 'version');
  if (version !== null && !SEMVER.test(version)) {
    reader.error(value('version'), `version "${version}" must be semver (e.g. 1.0.0)`);
  }
  const languages = reader.stringList(value('languages'), 'languages') ?? [];
  for (const language of languages) {
    if (!LANGUAGE.test(language.value)) {
      reader.error(
        language.node,
        `language "${language.value}" must be an ISO 639 code such as en or ko`,
      );
    }
  }
  const description = reader.nonEmptyString(value('description'), 'description');
  const lists = parseLocalLists(reader, value('lists'));
  const packCategory = (
    isCategoryId(expected.category) ? expected.category : 'self_harm'
  ) as CategoryId;
  const rules: RuleDefinition[] = [];
  const ruleNodes = reader.sequence(value('rules'), 'rules') ?? [];
  if (fields.has('rules') && ruleNodes.length === 0)
    reader.error(value('rules'), 'rules must not be empty');
  ruleNodes.forEach((node, index) => {
    const rule = parseRule(reader, node, `rules[${index}]`, packCategory, expectedId);
    if (rule) rules.push(rule);
  });
  if (problems.count > before || id === null || version === null || description === null)
    return null;
  return {
    id,
    version,
    category: packCategory,
    languages: languages.map((l) => l.value),
    description,
    lists,
    rules,
    file,
    at: reader.at(reader.root),
  };
}

function parseLocalLists(reader: YamlReader, node: YamlValueNode): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  if (node === undefined) return lists;
  if (!reader.isMapping(node)) {
    reader.error(node, 'lists must map list names to lists of terms');
    return lists;
  }
  for (const pair of node.items) {
    const keyNode = pair.key as YamlValueNode;
    const name = reader.nonEmptyString(keyNode, 'list name');
    if (name === null) continue;
    if (!LIST_NAME.test(name))
      reader.error(keyNode, `list name "${name}" must be snake_case or kebab-case`);
    const terms = reader.stringList(pair.value as YamlValueNode, `lists.${name}`);
    if (terms && terms.length === 0)
      reader.error(pair.value as YamlValueNode, `lists.${name} is empty`);
    if (terms)
      lists.set(
        name,
        terms.map((t) => t.value),
      );
  }
  return lists;
}

function parseRule(
  reader: YamlReader,
  node: YamlValueNode,
  what: string,
  category: CategoryId,
  packId: string,
): RuleDefinition | null {
  // Name the rule by its id in messages as soon as it can be read.
  const idValue = reader.isMapping(node) ? node.get('id') : undefined;
  const fields = reader.mapping(
    node,
    typeof idValue === 'string' ? idValue : what,
    RULE_FIELDS,
    RULE_REQUIRED,
  );
  if (!fields) return null;
  const value = (name: string) => fields.get(name)?.value;
  const before = reader.problems.count;

  const id = reader.nonEmptyString(value('id'), `${what}.id`);
  const label = id ?? what;
  const subcategory = reader.nonEmptyString(value('subcategory'), `${label}: subcategory`);
  if (id !== null) {
    const parts = id.split('.');
    if (parts.length !== 3 || parts[0] !== category || !SLUG.test(parts[2])) {
      reader.error(
        value('id'),
        `rule id "${id}" must be <category>.<subcategory>.<slug> with category "${category}"`,
      );
    } else if (subcategory !== null && parts[1] !== subcategory) {
      reader.error(
        value('id'),
        `rule id "${id}": the middle part must equal subcategory "${subcategory}"`,
      );
    }
  }
  const description = reader.nonEmptyString(value('description'), `${label}: description`);
  const score = reader.number(value('score'), `${label}: score`);
  if (score !== null && !(score > 0 && score <= 1)) {
    reader.error(value('score'), `${label}: score must be in (0, 1], got ${score}`);
  }
  const reason = reader.nonEmptyString(value('reason'), `${label}: reason`);
  let status: RuleStatus = 'stable';
  if (fields.has('status')) {
    const raw = reader.string(value('status'), `${label}: status`);
    if (raw !== null && !(RULE_STATUSES as readonly string[]).includes(raw)) {
      reader.error(value('status'), `${label}: status must be one of ${RULE_STATUSES.join(', ')}`);
    } else if (raw !== null) status = raw as RuleStatus;
  }
  const authoritative = fields.has('authoritative')
    ? (reader.boolean(value('authoritative'), `${label}: authoritative`) ?? false)
    : false;
  const speakers = fields.has('speakers') ? parseSpeakers(reader, value('speakers'), label) : null;
  const match = parseExpression(reader, value('match'), `${label}: match`);
  const unless = fields.has('unless')
    ? parseExpression(reader, value('unless'), `${label}: unless`)
    : null;
  const when = parseWhen(reader, value('when'), label);
  const setFlags = parseSetFlags(reader, value('set_flags'), label);
  const tests = parseInlineTests(reader, value('tests'), label);

  if (reader.problems.count > before) return null;
  if (id === null || subcategory === null || score === null || reason === null || !match)
    return null;
  return {
    id,
    packId,
    category,
    subcategory,
    description,
    score,
    reason,
    status,
    authoritative,
    speakers,
    match,
    unless,
    when,
    setFlags,
    tests,
    at: reader.at(node),
  };
}

function parseSpeakers(reader: YamlReader, node: YamlValueNode, label: string): SpeakerType[] {
  const speakers = reader.stringList(node, `${label}: speakers`) ?? [];
  for (const speaker of speakers) {
    if (!(SPEAKER_TYPES as readonly string[]).includes(speaker.value)) {
      reader.error(
        speaker.node,
        `${label}: speaker "${speaker.value}" must be one of ${SPEAKER_TYPES.join(', ')}`,
      );
    }
  }
  return speakers.map((s) => s.value as SpeakerType);
}

function parseWhen(reader: YamlReader, node: YamlValueNode, label: string): RuleDefinition['when'] {
  const when: RuleDefinition['when'] = { flags: [], notFlags: [], counts: {}, raised: {} };
  if (node === undefined) return when;
  const fields = reader.mapping(node, `${label}: when`, ['flags', 'not_flags', 'counts', 'raised']);
  if (!fields) return when;
  for (const [key, target] of [
    ['flags', when.flags],
    ['not_flags', when.notFlags],
  ] as const) {
    const entry = fields.get(key);
    if (!entry) continue;
    for (const flag of reader.stringList(entry.value, `${label}: when.${key}`) ?? []) {
      if (!FLAG_NAME.test(flag.value))
        reader.error(flag.node, `${label}: flag "${flag.value}" must be snake_case`);
      target.push(flag.value);
    }
  }
  const counts = fields.get('counts');
  if (counts) {
    const entries = reader.mapping(counts.value, `${label}: when.counts`, CATEGORY_IDS);
    for (const [category, { value }] of entries ?? []) {
      const n = reader.number(value, `${label}: when.counts.${category}`);
      if (n !== null && (!Number.isInteger(n) || n < 0)) {
        reader.error(value, `${label}: when.counts.${category} must be a whole number >= 0`);
      } else if (n !== null) when.counts[category as CategoryId] = n;
    }
  }
  const raised = fields.get('raised');
  if (raised) {
    const entries = reader.mapping(raised.value, `${label}: when.raised`, CATEGORY_IDS);
    for (const [category, { value }] of entries ?? []) {
      const level = reader.string(value, `${label}: when.raised.${category}`);
      if (level === null) continue;
      if (!RAISED_LEVELS.includes(level as RaisedLevel)) {
        reader.error(
          value,
          `${label}: when.raised.${category} must be one of ${RAISED_LEVELS.join(', ')}`,
        );
      } else when.raised[category as CategoryId] = level as RaisedLevel;
    }
  }
  return when;
}

type RaisedLevel = Exclude<Level, 'none'>;
const RAISED_LEVELS = LEVELS.filter((level): level is RaisedLevel => level !== 'none');

function parseSetFlags(reader: YamlReader, node: YamlValueNode, label: string): FlagRequest[] {
  if (node === undefined) return [];
  const flags: FlagRequest[] = [];
  for (const item of reader.sequence(node, `${label}: set_flags`) ?? []) {
    const fields = reader.mapping(
      item,
      `${label}: set_flags item`,
      ['name', 'ttl_turns'],
      ['name'],
    );
    if (!fields) continue;
    const name = reader.nonEmptyString(fields.get('name')?.value, `${label}: set_flags.name`);
    if (name !== null && !FLAG_NAME.test(name)) {
      reader.error(fields.get('name')?.value, `${label}: flag "${name}" must be snake_case`);
    }
    let ttlTurns: number | null = null;
    const ttlNode = fields.get('ttl_turns')?.value;
    if (ttlNode !== undefined && !reader.isNull(ttlNode)) {
      const ttl = reader.number(ttlNode, `${label}: set_flags.ttl_turns`);
      if (ttl !== null && (!Number.isInteger(ttl) || ttl < 1)) {
        reader.error(
          ttlNode,
          `${label}: set_flags.ttl_turns must be a whole number >= 1, or null for no expiry`,
        );
      } else ttlTurns = ttl;
    }
    if (name !== null) flags.push({ name, ttlTurns });
  }
  return flags;
}

function parseInlineTests(
  reader: YamlReader,
  node: YamlValueNode,
  label: string,
): RuleDefinition['tests'] {
  const tests: RuleDefinition['tests'] = { match: [], noMatch: [] };
  if (node === undefined) return tests;
  const fields = reader.mapping(node, `${label}: tests`, ['match', 'no_match']);
  if (!fields) return tests;
  const examples = (key: string): InlineExample[] => {
    const entry = fields.get(key);
    if (!entry) return [];
    const items = reader.sequence(entry.value, `${label}: tests.${key}`) ?? [];
    const parsed: InlineExample[] = [];
    for (const item of items) {
      const text = reader.string(item, `${label}: tests.${key} item`);
      if (text !== null) parsed.push({ text, at: reader.at(item) });
    }
    return parsed;
  };
  tests.match = examples('match');
  tests.noMatch = examples('no_match');
  return tests;
}

/** Parses `rules/_shared/lists/<name>.yaml`. */
export function parseSharedList(
  file: string,
  source: string,
  problems: ProblemList,
  expectedId: string,
): SharedList | null {
  const reader = new YamlReader(file, source, problems);
  if (reader.root === null) return null;
  const fields = reader.mapping(
    reader.root,
    'list',
    ['id', 'description', 'terms'],
    ['id', 'description', 'terms'],
  );
  if (!fields) return null;
  const before = problems.count;
  const id = reader.nonEmptyString(fields.get('id')?.value, 'id');
  if (id !== null && id !== expectedId) {
    reader.error(
      fields.get('id')?.value,
      `list id "${id}" must equal the file name "${expectedId}"`,
    );
  }
  const description = reader.nonEmptyString(fields.get('description')?.value, 'description');
  const terms = reader.stringList(fields.get('terms')?.value, 'terms');
  if (terms && terms.length === 0)
    reader.error(fields.get('terms')?.value, 'terms must not be empty');
  if (problems.count > before || id === null || description === null || !terms) return null;
  return { id, description, terms: terms.map((t) => t.value), file };
}
