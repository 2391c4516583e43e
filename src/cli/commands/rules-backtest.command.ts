import type { Command } from 'commander';
import { resolve } from 'node:path';
import {
  backtest,
  type BacktestFilter,
  type BacktestHistoryPort,
  type BacktestReport,
  type StoredTurn,
} from '../../engine/backtest/backtest';
import { defaultRuleSetOptions, loadRuleSet } from '../../engine/rules-api';
import {
  CATEGORY_IDS,
  type Action,
  type CategoryId,
  type Level,
  type SpeakerType,
} from '../../engine/taxonomy';
import type { Database } from '../../persistence/database';
import { withDatabase } from '../cli-database';

/**
 * `rules backtest --rules <dir>`: replays a candidate rule set over the stored assessments
 * (text as retained) and prints what would change. Read-only.
 */

type Row = {
  id: string;
  tenant_id: string;
  mode: string;
  conversation_id: string;
  text: string | null;
  speaker_type: SpeakerType;
  severity: Level;
  action: Action;
  response: string;
};

/**
 * Stored history for the backtest. It belongs in AssessmentRepository (the only code meant to
 * run SQL); it lives here until persistence takes it over.
 */
export class StoredHistory implements BacktestHistoryPort {
  constructor(private readonly db: Database) {}

  async *conversations(filter: BacktestFilter): AsyncIterable<StoredTurn[]> {
    const conditions: [string, unknown][] = [];
    if (filter.tenantId) conditions.push(['tenant_id = ?', filter.tenantId]);
    if (filter.mode) conditions.push(['mode = ?', filter.mode]);
    if (filter.since) conditions.push(['created_at >= ?', filter.since]);
    const where = conditions.map(([sql]) => sql);
    const params = conditions.map(([, value]) => value);
    const rows = await this.db.query<Row>(
      'SELECT id, tenant_id, mode, conversation_id, text, speaker_type, severity, action, response ' +
        `FROM assessment ${where.length ? `WHERE ${where.join(' AND ')} ` : ''}` +
        'ORDER BY tenant_id, mode, conversation_id, turn_number LIMIT ?',
      [...params, filter.limit ?? 10_000],
    );
    let current: StoredTurn[] = [];
    let key = '';
    for (const row of rows) {
      const rowKey = `${row.tenant_id}\0${row.mode}\0${row.conversation_id}`;
      if (rowKey !== key && current.length > 0) {
        yield current;
        current = [];
      }
      key = rowKey;
      current.push(toStoredTurn(row));
    }
    if (current.length > 0) yield current;
  }
}

function toStoredTurn(row: Row): StoredTurn {
  const response = JSON.parse(row.response) as { categories?: Record<string, { level?: Level }> };
  const categoryLevels = Object.fromEntries(
    CATEGORY_IDS.map((c) => [c, response.categories?.[c]?.level ?? 'none']),
  ) as Record<CategoryId, Level>;
  return {
    assessmentId: row.id,
    text: row.text,
    speakerType: row.speaker_type,
    severity: row.severity,
    action: row.action,
    categoryLevels,
  };
}

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
          backtest(ruleSet, new StoredHistory(db), {
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
