import { RE2JS } from 're2js';
import type { Comparison, Expression, FactCondition } from './rule-pack.types';
import type { YamlReader, YamlValueNode } from './yaml-reader';

/** Parses one match expression of the rule-pack language, reporting problems with positions. */

const OPERATORS = [
  'phrase',
  'phrases',
  'list',
  'lists',
  'regex',
  'regex_raw',
  'near',
  'all',
  'any',
  'not',
  'detector',
  'flag',
] as const;
const DETECTOR_OPTIONS = ['where', 'subcategory'];
const COMPARISONS: readonly Comparison[] = ['lt', 'lte', 'gt', 'gte', 'eq'];
const MAX_NEAR_WITHIN = 50;
const FLAG_NAME = /^[a-z][a-z0-9_]*$/;
const LIST_NAME = /^(_shared\.)?[a-z][a-z0-9_-]*$/;

export function parseExpression(
  reader: YamlReader,
  node: YamlValueNode,
  what: string,
): Expression | null {
  const at = reader.at(node);
  // Shorthand: a bare string is a phrase.
  if (reader.isScalarString(node)) return phraseExpression(reader, node, [node.value], at, what);
  const fields = reader.mapping(node, what, [...OPERATORS, ...DETECTOR_OPTIONS]);
  if (!fields) return null;
  const operators = [...fields.keys()].filter((key) => !DETECTOR_OPTIONS.includes(key));
  if (operators.length !== 1) {
    reader.error(
      node,
      `${what} must have exactly one operator (${OPERATORS.join(', ')}), found ${
        operators.length === 0 ? 'none' : operators.join(', ')
      }`,
    );
    return null;
  }
  const operator = operators[0];
  const { value } = fields.get(operator)!;
  if (operator !== 'detector') {
    for (const option of DETECTOR_OPTIONS) {
      const misplaced = fields.get(option);
      if (misplaced)
        reader.error(misplaced.key, `${what}: "${option}" is only allowed with "detector"`);
    }
  }
  const inner = `${what}.${operator}`;
  switch (operator) {
    case 'phrase': {
      const phrase = reader.nonEmptyString(value, inner);
      return phrase === null ? null : phraseExpression(reader, value, [phrase], at, inner);
    }
    case 'phrases': {
      const phrases = reader.stringList(value, inner);
      if (!phrases) return null;
      if (phrases.length === 0) reader.error(value, `${inner} must not be empty`);
      return phraseExpression(
        reader,
        value,
        phrases.map((p) => p.value),
        at,
        inner,
      );
    }
    case 'list':
    case 'lists': {
      const names =
        operator === 'list'
          ? nameAsList(reader.nonEmptyString(value, inner), value)
          : reader.stringList(value, inner);
      if (!names) return null;
      for (const name of names) {
        if (!LIST_NAME.test(name.value)) {
          reader.error(
            name.node,
            `${inner}: "${name.value}" is not a list name (a local list name or _shared.<name>)`,
          );
        }
      }
      return { kind: 'lists', lists: names.map((n) => n.value), at };
    }
    case 'regex':
    case 'regex_raw': {
      const pattern = reader.nonEmptyString(value, inner);
      if (pattern === null) return null;
      try {
        RE2JS.compile(pattern);
      } catch (error) {
        reader.error(
          value,
          `${inner}: not valid RE2 syntax (linear-time regex: no lookaround or backreferences): ${
            (error as Error).message
          }`,
        );
        return null;
      }
      return { kind: 'regex', pattern, raw: operator === 'regex_raw', at };
    }
    case 'near':
      return parseNear(reader, value, at, inner);
    case 'all':
    case 'any': {
      const items = reader.sequence(value, inner);
      if (!items) return null;
      if (items.length === 0) reader.error(value, `${inner} must list at least one expression`);
      const parsed = items.map((item, index) =>
        parseExpression(reader, item, `${inner}[${index}]`),
      );
      if (parsed.some((item) => item === null)) return null;
      return { kind: operator, items: parsed as Expression[], at };
    }
    case 'not': {
      const item = parseExpression(reader, value, inner);
      return item ? { kind: 'not', item, at } : null;
    }
    case 'detector':
      return parseDetector(reader, value, fields, at, inner);
    case 'flag': {
      const name = reader.nonEmptyString(value, inner);
      if (name === null) return null;
      if (!FLAG_NAME.test(name)) reader.error(value, `${inner}: flag names are snake_case`);
      return { kind: 'flag', name, at };
    }
  }
  return null;
}

function nameAsList(
  name: string | null,
  node: YamlValueNode,
): { value: string; node: YamlValueNode }[] | null {
  return name === null ? null : [{ value: name, node }];
}

function phraseExpression(
  reader: YamlReader,
  node: YamlValueNode,
  phrases: string[],
  at: Expression['at'],
  what: string,
): Expression {
  for (const phrase of phrases) {
    if (!/[\p{L}\p{N}]/u.test(phrase))
      reader.error(node, `${what}: "${phrase}" has no letters or digits`);
    if (/\*\S/.test(phrase) || /(^|\s)\*/.test(phrase)) {
      reader.error(node, `${what}: "${phrase}": "*" is only allowed at the end of a word`);
    }
  }
  return { kind: 'phrases', phrases, at };
}

function parseNear(
  reader: YamlReader,
  node: YamlValueNode,
  at: Expression['at'],
  what: string,
): Expression | null {
  const fields = reader.mapping(node, what, ['a', 'b', 'within', 'ordered'], ['a', 'b']);
  if (!fields) return null;
  const a = parseExpression(reader, fields.get('a')?.value, `${what}.a`);
  const b = parseExpression(reader, fields.get('b')?.value, `${what}.b`);
  let within = 5;
  const withinNode = fields.get('within')?.value;
  if (withinNode !== undefined) {
    const value = reader.number(withinNode, `${what}.within`);
    if (value !== null && (!Number.isInteger(value) || value < 0 || value > MAX_NEAR_WITHIN)) {
      reader.error(withinNode, `${what}.within must be an integer from 0 to ${MAX_NEAR_WITHIN}`);
    } else if (value !== null) within = value;
  }
  let ordered = false;
  const orderedNode = fields.get('ordered')?.value;
  if (orderedNode !== undefined) ordered = reader.boolean(orderedNode, `${what}.ordered`) ?? false;
  if (!a || !b) return null;
  return { kind: 'near', a, b, within, ordered, at };
}

function parseDetector(
  reader: YamlReader,
  node: YamlValueNode,
  fields: Map<string, { key: YamlValueNode; value: YamlValueNode }>,
  at: Expression['at'],
  what: string,
): Expression | null {
  const id = reader.nonEmptyString(node, what);
  if (id === null) return null;
  let subcategory: string | null = null;
  const subcategoryNode = fields.get('subcategory')?.value;
  if (subcategoryNode !== undefined)
    subcategory = reader.nonEmptyString(subcategoryNode, `${what}.subcategory`);
  const where: FactCondition[] = [];
  const whereNode = fields.get('where')?.value;
  if (whereNode !== undefined) {
    if (!reader.isMapping(whereNode)) {
      reader.error(whereNode, `${what}.where must map fact names to { lt|lte|gt|gte|eq: value }`);
      return null;
    }
    const facts = reader.mapping(whereNode, `${what}.where`, allKeys(whereNode));
    for (const [fact, { value }] of facts ?? []) {
      const comparisons = reader.mapping(value, `${what}.where.${fact}`, COMPARISONS);
      for (const [op, { value: operand }] of comparisons ?? []) {
        const literal = scalarLiteral(reader, operand);
        if (literal === null) {
          reader.error(operand, `${what}.where.${fact}.${op} must be a number, string or boolean`);
          continue;
        }
        if (op !== 'eq' && typeof literal !== 'number') {
          reader.error(operand, `${what}.where.${fact}.${op} needs a number`);
          continue;
        }
        where.push({ fact, op: op as Comparison, value: literal });
      }
    }
  }
  return { kind: 'detector', id, subcategory, where, at };
}

function allKeys(node: YamlValueNode): string[] {
  const json = (node as { toJSON(): unknown }).toJSON() as Record<string, unknown>;
  return Object.keys(json ?? {});
}

function scalarLiteral(reader: YamlReader, node: YamlValueNode): string | number | boolean | null {
  if (reader.isNull(node)) return null;
  const value = (node as { value?: unknown }).value;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : null;
}
