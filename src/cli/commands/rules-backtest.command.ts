import type { Command } from 'commander';
import { resolve } from 'node:path';
import { backtest, type BacktestReport } from '../../engine/backtest/backtest';
import { defaultRuleSetOptions, loadRuleSet } from '../../engine/rules-api';
import { CATEGORY_IDS } from '../../engine/taxonomy';
import { AssessmentRepository } from '../../persistence/repositories/assessment.repository';
import { withDatabase } from '../cli-database';

/**
 * `rules backtest --rules <dir>`: replays a candidate rule set over the stored assessments
 * (text as retained) and prints what would change. Read-only.
 */

function print(report: BacktestReport): void {
  console.log(
    `rules ${report.rulesVersion}: ${report.conversations} conversations, ${report.turns} turns, ` +
      `${report.changedTurns} would change, ${report.skippedWithoutText} skipped (no retained text)`,
  );
  for (const [title, transitions] of [
    ['severity', report.severity],
    ['action', report.action],
  ] as const) {
    for (const t of transitions) {
      console.log(`  ${title} ${t.from} -> ${t.to}: ${t.count} (e.g. ${t.examples.join(', ')})`);
    }
  }
  for (const category of CATEGORY_IDS) {
    const c = report.categories[category];
    if (c.raised + c.lowered === 0) continue;
    console.log(
      `  ${category}: ${c.raised} raised, ${c.lowered} lowered (e.g. ${c.examples.join(', ')})`,
    );
  }
}

export function registerBacktest(rules: Command): void {
  rules
    .command('backtest')
    .description('Replay a candidate rule set over stored assessments and report what would change')
    .requiredOption('--rules <dir>', 'candidate rules directory')
    .option('--plugins <dir>', 'plugins directory (default: PLUGINS_DIR or ./plugins)')
    .option('--tenant <id>', 'only this tenant')
    .option('--mode <mode>', 'only this mode (live, test, playground)')
    .option('--since <iso>', 'only assessments created at or after this instant')
    .option('--limit <n>', 'at most this many stored turns', '10000')
    .option('--json', 'print the report as JSON')
    .action(
      async (options: {
        rules: string;
        plugins?: string;
        tenant?: string;
        mode?: string;
        since?: string;
        limit: string;
        json?: boolean;
      }) => {
        const ruleSet = loadRuleSet({
          rulesDir: resolve(options.rules),
          pluginsDir: options.plugins
            ? resolve(options.plugins)
            : defaultRuleSetOptions().pluginsDir,
        });
        const report = await withDatabase((db) =>
          backtest(ruleSet, new AssessmentRepository(db), {
            tenantId: options.tenant,
            mode: options.mode,
            since: options.since,
            limit: Number(options.limit),
          }),
        );
        if (options.json) console.log(JSON.stringify(report, null, 2));
        else print(report);
      },
    );
}
