import type { TurnVerdict } from '../pipeline/assessment-scorer';
import { levelRank, type Level } from '../taxonomy';
import type { CompiledRuleSet } from './compiled-rule-set';
import { ConversationRunner } from './conversation-runner';
import type { SourcePosition } from './problems';
import type { LevelBound, TestCase, TestFile, TurnExpectation } from './rule-pack.types';

/** Runs the inline `tests:` of every rule and the multi-turn cases of every `.test.yaml`. */

export type RuleTestResult = {
  kind: 'match' | 'no_match' | 'case';
  /** Rule id for inline tests, `<pack id> › <case name>` for cases. */
  name: string;
  at: SourcePosition;
  passed: boolean;
  /** Why it failed (never set for passes). */
  failure?: string;
};

export type RuleTestSelection = { filter?: string };

const preview = (text: string) =>
  JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);

export function runInlineTests(
  ruleSet: CompiledRuleSet,
  selection: RuleTestSelection = {},
): RuleTestResult[] {
  const results: RuleTestResult[] = [];
  for (const { definition } of ruleSet.rules) {
    if (!selected(selection, [definition.id, definition.packId])) continue;
    for (const example of definition.tests.match) {
      const passed = ruleSet.ruleFires(definition.id, example.text);
      results.push({
        kind: 'match',
        name: definition.id,
        at: example.at,
        passed,
        ...(passed
          ? {}
          : { failure: `${definition.id} should match ${preview(example.text)} but does not` }),
      });
    }
    for (const example of definition.tests.noMatch) {
      const passed = !ruleSet.ruleFires(definition.id, example.text);
      results.push({
        kind: 'no_match',
        name: definition.id,
        at: example.at,
        passed,
        ...(passed
          ? {}
          : { failure: `${definition.id} should not match ${preview(example.text)} but does` }),
      });
    }
  }
  return results;
}

export function runCaseTests(
  ruleSet: CompiledRuleSet,
  testFiles: readonly TestFile[],
  selection: RuleTestSelection = {},
): RuleTestResult[] {
  const results: RuleTestResult[] = [];
  for (const file of testFiles) {
    for (const testCase of file.cases) {
      if (!selected(selection, [file.packId, file.file, testCase.name])) continue;
      results.push(runCase(ruleSet, file, testCase));
    }
  }
  return results;
}

export function runCase(
  ruleSet: CompiledRuleSet,
  file: TestFile,
  testCase: TestCase,
): RuleTestResult {
  const runner = new ConversationRunner(ruleSet);
  const name = `${file.packId} › ${testCase.name}`;
  for (const [index, turn] of testCase.turns.entries()) {
    const { verdict } = runner.assess(turn.text, turn.speaker);
    const failures = turn.expect ? checkExpectation(turn.expect, verdict) : [];
    if (failures.length > 0) {
      return {
        kind: 'case',
        name,
        at: turn.at,
        passed: false,
        failure: `${name}: turn ${index + 1} ${preview(turn.text)}: ${failures.join('; ')}`,
      };
    }
  }
  return { kind: 'case', name, at: testCase.at, passed: true };
}

export function checkExpectation(expect: TurnExpectation, verdict: TurnVerdict): string[] {
  const failures: string[] = [];
  const firing = (category: string) =>
    verdict.reasons
      .filter((r) => r.category === category)
      .map((r) => r.code)
      .join(', ') || 'no rule';
  for (const { category, level, bound } of expect.levels) {
    const actual = verdict.categories[category];
    if (!levelMatches(actual.level, level, bound)) {
      failures.push(
        `expected ${category} ${BOUND_PREFIX[bound]}${level}, got ${actual.level} (score ${actual.score}; ${firing(category)})`,
      );
    }
  }
  if (
    expect.severity &&
    !levelMatches(verdict.severity, expect.severity.level, expect.severity.bound)
  ) {
    const raised = Object.entries(verdict.categories)
      .filter(([, result]) => result.level !== 'none')
      .map(([category, result]) => `${category} ${result.level} by ${firing(category)}`)
      .join('; ');
    failures.push(
      `expected severity ${BOUND_PREFIX[expect.severity.bound]}${expect.severity.level}, got ${verdict.severity}${raised ? ` (${raised})` : ''}`,
    );
  }
  if (expect.action !== null && verdict.action !== expect.action) {
    failures.push(`expected action ${expect.action}, got ${verdict.action}`);
  }
  for (const { category, ids } of expect.subcategories) {
    const actual = verdict.categories[category].subcategories;
    const missing = ids.filter((id) => !actual.includes(id));
    if (missing.length > 0) {
      failures.push(
        `expected ${category} subcategories to include ${missing.join(', ')}, got [${actual.join(', ')}]`,
      );
    }
  }
  return failures;
}

const BOUND_PREFIX: Record<LevelBound, string> = { exact: '', atLeast: '>=', atMost: '<=' };

function levelMatches(actual: Level, expected: Level, bound: LevelBound): boolean {
  if (bound === 'atLeast') return levelRank(actual) >= levelRank(expected);
  if (bound === 'atMost') return levelRank(actual) <= levelRank(expected);
  return actual === expected;
}

function selected(selection: RuleTestSelection, names: readonly string[]): boolean {
  if (!selection.filter) return true;
  const filter = selection.filter;
  return names.some((name) => name.includes(filter));
}
