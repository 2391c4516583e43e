import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Node as YamlNode,
  type Pair,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import type { ProblemList, SourcePosition } from './problems';

/**
 * Strict YAML reading with positions: every value read through a `YamlReader` reports type
 * errors at the exact line and column, so `rules lint` can say `file:line:column: message`.
 */

export type YamlValueNode = YamlNode | null | undefined;

export class YamlReader {
  private readonly lines = new LineCounter();
  readonly root: YamlValueNode;

  constructor(
    readonly file: string,
    source: string,
    readonly problems: ProblemList,
  ) {
    const document = parseDocument(source, {
      lineCounter: this.lines,
      uniqueKeys: true,
      prettyErrors: false,
      strict: true,
    });
    for (const error of document.errors) {
      this.problems.add(this.positionOfOffset(error.pos[0]), `YAML: ${firstLine(error.message)}`);
    }
    for (const warning of document.warnings) {
      this.problems.add(
        this.positionOfOffset(warning.pos[0]),
        `YAML: ${firstLine(warning.message)}`,
      );
    }
    this.root = document.errors.length > 0 ? null : (document.contents as YamlValueNode);
  }

  positionOfOffset(offset: number): SourcePosition {
    const { line, col } = this.lines.linePos(offset);
    return { file: this.file, line, column: col };
  }

  at(node: YamlValueNode, fallback?: SourcePosition): SourcePosition {
    const offset = node?.range?.[0];
    if (offset === undefined) return fallback ?? { file: this.file, line: 1, column: 1 };
    return this.positionOfOffset(offset);
  }

  error(node: YamlValueNode, message: string, fallback?: SourcePosition): void {
    this.problems.add(this.at(node, fallback), message);
  }

  /** The pairs of a mapping, reporting keys outside `allowed` and missing `required` ones. */
  mapping(
    node: YamlValueNode,
    what: string,
    allowed: readonly string[],
    required: readonly string[] = [],
  ): Map<string, { key: YamlValueNode; value: YamlValueNode }> | null {
    if (!isMap(node)) {
      this.error(node, `${what} must be a mapping`);
      return null;
    }
    const fields = new Map<string, { key: YamlValueNode; value: YamlValueNode }>();
    for (const pair of (node as YAMLMap).items as Pair<YamlValueNode, YamlValueNode>[]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : null;
      if (key === null) {
        this.error(pair.key, `${what}: keys must be plain strings`);
        continue;
      }
      if (!allowed.includes(key)) {
        this.error(pair.key, `${what}: unknown field "${key}" (allowed: ${allowed.join(', ')})`);
        continue;
      }
      fields.set(key, { key: pair.key, value: pair.value });
    }
    for (const name of required) {
      if (!fields.has(name)) this.error(node, `${what}: missing required field "${name}"`);
    }
    return fields;
  }

  string(node: YamlValueNode, what: string): string | null {
    if (isScalar(node) && typeof node.value === 'string') return node.value;
    this.error(node, `${what} must be a string`);
    return null;
  }

  nonEmptyString(node: YamlValueNode, what: string): string | null {
    const value = this.string(node, what);
    if (value !== null && value.trim() === '') {
      this.error(node, `${what} must not be empty`);
      return null;
    }
    return value;
  }

  number(node: YamlValueNode, what: string): number | null {
    if (isScalar(node) && typeof node.value === 'number') return node.value;
    this.error(node, `${what} must be a number`);
    return null;
  }

  boolean(node: YamlValueNode, what: string): boolean | null {
    if (isScalar(node) && typeof node.value === 'boolean') return node.value;
    this.error(node, `${what} must be true or false`);
    return null;
  }

  isNull(node: YamlValueNode): boolean {
    return node === null || node === undefined || (isScalar(node) && node.value === null);
  }

  sequence(node: YamlValueNode, what: string): YamlValueNode[] | null {
    if (!isSeq(node)) {
      this.error(node, `${what} must be a list`);
      return null;
    }
    return (node as YAMLSeq<YamlValueNode>).items;
  }

  stringList(node: YamlValueNode, what: string): { value: string; node: YamlValueNode }[] | null {
    const items = this.sequence(node, what);
    if (!items) return null;
    const strings: { value: string; node: YamlValueNode }[] = [];
    for (const item of items) {
      const value = this.nonEmptyString(item, `${what} item`);
      if (value !== null) strings.push({ value, node: item });
    }
    return strings;
  }

  isMapping(node: YamlValueNode): node is YAMLMap {
    return isMap(node);
  }

  isScalarString(node: YamlValueNode): node is Scalar<string> {
    return isScalar(node) && typeof node.value === 'string';
  }
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}
