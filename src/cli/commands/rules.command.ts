import { Command } from 'commander';
import { resolve } from 'node:path';
import {
  buildRuleSet,
  defaultRuleSetOptions,
  formatProblem,
  runCaseTests,
  runInlineTests,
  type RuleSetBuild,
  type RuleTestResult,
} from '../../engine/rules-api';
import { registerBacktest } from './rules-backtest.command';

/**
 * `rules lint|test|check|reload`: the rule-pack tooling T&S teams and CI run. Works without
 * the service (no database, queue or LLM): it builds the rule set exactly as the engine does.
 */

type LocationOptions = { rules?: string; plugins?: string; strict?: boolean };

function build(options: LocationOptions, partial = false): RuleSetBuild {
  const defaults = defaultRuleSetOptions();
  return buildRuleSet({
    rulesDir: options.rules ? resolve(options.rules) : defaults.rulesDir,
    pluginsDir: options.plugins ? resolve(options.plugins) : defaults.pluginsDir,
    requirePlugins: options.strict ?? false,
    partial,
  });
}

/** Prints problems and warnings; returns whether the rule set is free of problems. */
function report(result: RuleSetBuild, quiet = false): boolean {
  if (!quiet) for (const warning of result.warnings) console.warn(`warning: ${warning}`);
  for (const problem of result.problems) console.error(formatProblem(problem));
  if (result.problems.length > 0)
    console.error(`${result.problems.length} problem(s); the rule set does not load`);
  return result.problems.length === 0;
}

export function lint(options: LocationOptions): number {
  const result = build(options);
  if (!report(result)) return 1;
  const ruleSet = result.ruleSet!;
  console.log(
    `ok: ${ruleSet.packs.length} packs, ${ruleSet.rules.length} rules, ${result.testFiles.length} test files, rulesVersion ${ruleSet.rulesVersion}`,
  );
  return 0;
}

export function test(
  filter: string | undefined,
  options: LocationOptions & { verbose?: boolean },
): number {
  // Broken packs are reported and left out, so the other packs can still be tested.
  const result = build(options, true);
  const clean = report(result, !options.verbose);
  const ruleSet = result.ruleSet;
  if (!ruleSet) return 1;
  const results: RuleTestResult[] = [
    ...runInlineTests(ruleSet, { filter }),
    ...runCaseTests(ruleSet, result.testFiles, { filter }),
  ];
  const failed = results.filter((r) => !r.passed);
  for (const failure of failed) {
    console.log(
      `FAIL ${failure.at.file}:${failure.at.line}:${failure.at.column}: ${failure.failure}`,
    );
  }
  if (options.verbose) {
    for (const pass of results.filter((r) => r.passed))
      console.log(`ok   ${pass.name} (${pass.kind})`);
  }
  console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
  return failed.length > 0 || !clean ? 1 : 0;
}

/** Calls the admin reload endpoint and prints the outcome; 1 when the reload failed. */
export async function reload(baseUrl: string, key: string | undefined): Promise<number> {
  if (!key) {
    console.error('an admin API key is needed: --key <key> or CA_ADMIN_KEY');
    return 1;
  }
  const response = await fetch(new URL('/v1/admin/rules/reload', baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await response.json()) as {
    ok?: boolean;
    message?: string;
    problems?: string[];
    error?: { message: string };
  };
  if (!response.ok) {
    console.error(
      `reload request failed (${response.status}): ${body.error?.message ?? 'unknown error'}`,
    );
    return 1;
  }
  console.log(body.message);
  for (const problem of body.problems ?? []) console.error(problem);
  return body.ok ? 0 : 1;
}

export function register(program: Command): void {
  const rules = program.command('rules').description('Lint, test and reload the YAML rule packs');
  const locations = (command: Command) =>
    command
      .option('--rules <dir>', 'rules directory (default: RULES_DIR or ./rules)')
      .option('--plugins <dir>', 'plugins directory (default: PLUGINS_DIR or ./plugins)')
      .option(
        '--strict',
        'a rules folder or detector without its plugin is an error (as at start-up)',
      );
  locations(
    rules.command('lint').description('Report every problem as file:line:column; exit 1 on any'),
  ).action((options: LocationOptions) => {
    process.exitCode = lint(options);
  });
  locations(
    rules
      .command('test [filter]')
      .description(
        'Run every inline and multi-turn test (filter: part of a rule id, pack id, file or case name)',
      )
      .option('-v, --verbose', 'also list passing tests'),
  ).action((filter: string | undefined, options: LocationOptions & { verbose?: boolean }) => {
    process.exitCode = test(filter, options);
  });
  rules
    .command('reload')
    .description(
      'Ask a running service to reload its rule packs (POST /v1/admin/rules/reload, admin scope)',
    )
    .option('--url <url>', 'service base URL', `http://127.0.0.1:${process.env.PORT ?? '3000'}`)
    .option('--key <key>', 'admin API key (default: CA_ADMIN_KEY)')
    .action(async (options: { url: string; key?: string }) => {
      process.exitCode = await reload(options.url, options.key ?? process.env.CA_ADMIN_KEY);
    });
  registerBacktest(rules);
  locations(rules.command('check').description('lint, then test')).action(
    (options: LocationOptions) => {
      process.exitCode = lint(options) || test(undefined, options);
    },
  );
}

if (require.main === module) {
  const program = new Command('rules').name('rules');
  register(program);
  program.parseAsync(['node', 'cli', 'rules', ...process.argv.slice(2)]).catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
