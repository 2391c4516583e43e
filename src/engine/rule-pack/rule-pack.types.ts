import type { FlagRequest } from '../pipeline/assessment-stage';
import type { CategoryId, Level, SpeakerType } from '../taxonomy';
import type { SourcePosition } from './problems';

/** The parsed, validated form of the YAML rule-pack language (see rules/README.md). */

export type Comparison = 'lt' | 'lte' | 'gt' | 'gte' | 'eq';
export type FactCondition = { fact: string; op: Comparison; value: string | number | boolean };

export type Expression = { at: SourcePosition } & (
  | { kind: 'phrases'; phrases: string[] }
  | { kind: 'lists'; lists: string[] }
  | { kind: 'regex'; pattern: string; raw: boolean }
  | { kind: 'near'; a: Expression; b: Expression; within: number; ordered: boolean }
  | { kind: 'all'; items: Expression[] }
  | { kind: 'any'; items: Expression[] }
  | { kind: 'not'; item: Expression }
  | { kind: 'detector'; id: string; subcategory: string | null; where: FactCondition[] }
  | { kind: 'flag'; name: string }
);

export type RuleStatus = 'stable' | 'experimental' | 'shadow';
export const RULE_STATUSES: readonly RuleStatus[] = ['stable', 'experimental', 'shadow'];

export type InlineExample = { text: string; at: SourcePosition };

export type RuleDefinition = {
  id: string;
  packId: string;
  category: CategoryId;
  subcategory: string;
  description: string | null;
  score: number;
  reason: string;
  status: RuleStatus;
  authoritative: boolean;
  speakers: SpeakerType[] | null;
  match: Expression;
  unless: Expression | null;
  when: {
    flags: string[];
    notFlags: string[];
    counts: Partial<Record<CategoryId, number>>;
    /** This turn's other rules (those without `raised`) reached at least these levels. */
    raised: Partial<Record<CategoryId, Exclude<Level, 'none'>>>;
  };
  setFlags: FlagRequest[];
  tests: { match: InlineExample[]; noMatch: InlineExample[] };
  at: SourcePosition;
};

export type RulePack = {
  id: string;
  version: string;
  category: CategoryId;
  languages: string[];
  description: string;
  /** Pack-local lists by name (terms as written). */
  lists: Map<string, string[]>;
  rules: RuleDefinition[];
  file: string;
  at: SourcePosition;
};

export type SharedList = { id: string; description: string; terms: string[]; file: string };

/** `high` exactly, `>=high` at least, `<=low` at most. */
export type LevelBound = 'exact' | 'atLeast' | 'atMost';
export type LevelExpectation = { level: Level; bound: LevelBound };

export type TurnExpectation = {
  levels: ({ category: CategoryId } & LevelExpectation)[];
  severity: LevelExpectation | null;
  action: string | null;
  subcategories: { category: CategoryId; ids: string[] }[];
};

export type TestTurn = {
  text: string;
  speaker: SpeakerType;
  expect: TurnExpectation | null;
  at: SourcePosition;
};

export type TestCase = { name: string; turns: TestTurn[]; at: SourcePosition };
export type TestFile = { packId: string; category: CategoryId; file: string; cases: TestCase[] };
