import { Injectable } from '@nestjs/common';
import { backtest, type BacktestReport } from '../../engine/backtest/backtest';
import type { ConversationKey } from '../../engine/pipeline/ports';
import { RulesEngineService } from '../../engine/rules/rules-engine.service';
import { formatProblem, loadRuleSet, RuleSetLoadError } from '../../engine/rules-api';
import { CATEGORY_IDS, MODES, type Mode } from '../../engine/taxonomy';
import { AssessmentRepository } from '../../persistence/repositories/assessment.repository';

export const BACKTEST_DEFAULT_DAYS = 7;
export const BACKTEST_MAX_DAYS = 90;
/** Stored turns replayed at most per run: the replay is synchronous CPU work. */
export const BACKTEST_MAX_TURNS = 10_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export type BacktestRequest = { days: number; mode: Mode | null };

/** A backtest as the rules page shows it. */
export type PortalBacktest = BacktestRequest & {
  since: string;
  at: string;
  durationMs: number;
  /** The history reached BACKTEST_MAX_TURNS: conversations past the cap (in id order) were left out. */
  truncated: boolean;
  report: BacktestReport;
  /** The conversation of each example assessment, for links to its history page. */
  conversations: Record<string, Pick<ConversationKey, 'mode' | 'conversationId'>>;
};

/** Bad input, a run already going, or packs that do not load: shown on the page, not a 500. */
export class BacktestRefusedError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

/** Reads the form fields; throws BacktestRefusedError(400) on values out of range. */
export function backtestRequestFrom(fields: Record<string, unknown>): BacktestRequest {
  const daysField = typeof fields.days === 'string' ? fields.days.trim() : '';
  const days = daysField === '' ? BACKTEST_DEFAULT_DAYS : Number(daysField);
  if (!/^\d*$/.test(daysField) || days < 1 || days > BACKTEST_MAX_DAYS) {
    throw new BacktestRefusedError(
      400,
      `Days must be a whole number from 1 to ${BACKTEST_MAX_DAYS}.`,
    );
  }
  const modeField = typeof fields.mode === 'string' ? fields.mode : '';
  if (modeField !== '' && !(MODES as readonly string[]).includes(modeField)) {
    throw new BacktestRefusedError(400, `Mode must be empty (all) or one of ${MODES.join(', ')}.`);
  }
  return { days, mode: modeField === '' ? null : (modeField as Mode) };
}

function exampleIds(report: BacktestReport): string[] {
  const ids = [
    ...report.severity.flatMap((t) => t.examples),
    ...report.action.flatMap((t) => t.examples),
    ...CATEGORY_IDS.flatMap((c) => report.categories[c].examples),
  ];
  return [...new Set(ids)];
}

/**
 * Backtests the rule packs on disk (where the engine loads them, possibly not loaded yet)
 * against a tenant's stored history, with the engine's `backtest` over the assessment
 * repository, as `rules backtest` does. The last report per tenant is kept in memory (per
 * instance); one run per tenant at a time.
 */
@Injectable()
export class RulesBacktestService {
  private readonly lastByTenant = new Map<string, PortalBacktest>();
  private readonly runningTenants = new Set<string>();

  constructor(
    private readonly engine: RulesEngineService,
    private readonly assessments: AssessmentRepository,
  ) {}

  last(tenantId: string): PortalBacktest | null {
    return this.lastByTenant.get(tenantId) ?? null;
  }

  async run(tenantId: string, request: BacktestRequest): Promise<PortalBacktest> {
    if (this.runningTenants.has(tenantId)) {
      throw new BacktestRefusedError(409, 'A backtest is already running; try again shortly.');
    }
    this.runningTenants.add(tenantId);
    try {
      return await this.execute(tenantId, request);
    } finally {
      this.runningTenants.delete(tenantId);
    }
  }

  private async execute(tenantId: string, request: BacktestRequest): Promise<PortalBacktest> {
    const started = performance.now();
    let ruleSet: ReturnType<typeof loadRuleSet>;
    try {
      ruleSet = loadRuleSet(this.engine.sources);
    } catch (error) {
      if (!(error instanceof RuleSetLoadError)) throw error;
      throw new BacktestRefusedError(
        400,
        'The rule packs on disk do not load; fix them (see "Run lint and tests") first.',
        error.problems.map(formatProblem),
      );
    }
    const since = new Date(Date.now() - request.days * DAY_MS).toISOString();
    const report = await backtest(ruleSet, this.assessments, {
      tenantId,
      since,
      limit: BACKTEST_MAX_TURNS,
      ...(request.mode ? { mode: request.mode } : {}),
    });
    const keys = await this.assessments.conversationKeysOf(tenantId, exampleIds(report));
    const result: PortalBacktest = {
      ...request,
      since,
      at: new Date().toISOString(),
      durationMs: Math.round(performance.now() - started),
      truncated: report.turns >= BACKTEST_MAX_TURNS,
      report,
      conversations: Object.fromEntries(
        [...keys].map(([id, key]) => [id, { mode: key.mode, conversationId: key.conversationId }]),
      ),
    };
    this.lastByTenant.set(tenantId, result);
    return result;
  }
}
