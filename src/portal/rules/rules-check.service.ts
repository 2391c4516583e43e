import { Injectable } from '@nestjs/common';
import { RulesEngineService } from '../../engine/rules/rules-engine.service';
import {
  buildRuleSet,
  formatProblem,
  runCaseTests,
  runInlineTests,
  type RuleTestResult,
} from '../../engine/rules-api';

export type RulesCheckFailure = { name: string; at: string; failure: string };

/** The outcome of `rules:check` on the packs on disk, as the rules page shows it. */
export type RulesCheckResult = {
  status: 'pass' | 'fail';
  at: string;
  durationMs: number;
  /** Version of the on-disk set that was tested; null when no pack loads. */
  rulesVersion: string | null;
  /** Lint problems, `file:line:column: message`. */
  problems: string[];
  passed: number;
  failed: number;
  /** The first MAX_LISTED failures (`failed` counts them all). */
  failures: RulesCheckFailure[];
};

const MAX_LISTED = 50;

/** Lets queued requests run between the synchronous phases of a check. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lints the rule packs on disk and runs their inline and multi-turn tests, with the same
 * loader and test runner as `npm run rules:check`, from where the engine loads them. The last
 * result is kept in memory (per instance); a run already in progress is shared, never doubled.
 */
@Injectable()
export class RulesCheckService {
  private last: RulesCheckResult | null = null;
  private running: Promise<RulesCheckResult> | null = null;

  constructor(private readonly engine: RulesEngineService) {}

  get lastResult(): RulesCheckResult | null {
    return this.last;
  }

  run(): Promise<RulesCheckResult> {
    this.running ??= this.execute().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async execute(): Promise<RulesCheckResult> {
    const started = performance.now();
    await yieldToEventLoop();
    // Like `rules test`: broken packs are reported and left out, the others are still tested.
    const build = buildRuleSet({ ...this.engine.sources, partial: true, withTests: true });
    const results: RuleTestResult[] = [];
    if (build.ruleSet) {
      await yieldToEventLoop();
      results.push(...runInlineTests(build.ruleSet));
      await yieldToEventLoop();
      results.push(...runCaseTests(build.ruleSet, build.testFiles));
    }
    const failures = results.filter((result) => !result.passed);
    const problems = build.problems.map(formatProblem);
    this.last = {
      status: build.ruleSet && problems.length === 0 && failures.length === 0 ? 'pass' : 'fail',
      at: new Date().toISOString(),
      durationMs: Math.round(performance.now() - started),
      rulesVersion: build.ruleSet?.rulesVersion ?? null,
      problems,
      passed: results.length - failures.length,
      failed: failures.length,
      failures: failures.slice(0, MAX_LISTED).map((failure) => ({
        name: failure.name,
        at: `${failure.at.file}:${failure.at.line}:${failure.at.column}`,
        failure: failure.failure ?? 'failed',
      })),
    };
    return this.last;
  }
}
