import { Controller, Get, Query } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { RequireScope } from '../auth/require-scope.decorator';
import { ApiError } from '../common/api-error';
import { MODES, type Mode } from '../engine/taxonomy';
import { UsageRepository } from '../persistence/repositories/usage.repository';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_WINDOW_DAYS = 30;
const MAX_WINDOW_DAYS = 366;

type DayUsage = { date: string; billable: number } & Record<Mode, number>;

/** SPEC 13: per-day assessment counts by mode; only live ones are billable. */
@Controller('v1/usage')
export class UsageController {
  constructor(private readonly usage: UsageRepository) {}

  @Get()
  @RequireScope('read')
  async daily(
    @CurrentAuth() auth: AuthContext,
    @Query('from') fromParam?: string,
    @Query('to') toParam?: string,
  ) {
    const to = this.day(toParam, 'to') ?? new Date().toISOString().slice(0, 10);
    const from =
      this.day(fromParam, 'from') ??
      new Date(Date.parse(to) - (DEFAULT_WINDOW_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (span < 0 || span >= MAX_WINDOW_DAYS) {
      throw new ApiError(
        'invalid_request',
        `from must be <= to, at most ${MAX_WINDOW_DAYS} days apart.`,
        {
          param: 'from',
        },
      );
    }
    const byDay = new Map<string, DayUsage>();
    for (const row of await this.usage.dailyCounts(auth.tenantId, from, to)) {
      const entry = byDay.get(row.day) ?? {
        date: row.day,
        live: 0,
        test: 0,
        playground: 0,
        billable: 0,
      };
      entry[row.mode] += row.count;
      entry.billable += row.billable;
      byDay.set(row.day, entry);
    }
    const data = [...byDay.values()];
    const totals = { live: 0, test: 0, playground: 0, billable: 0 };
    for (const entry of data) {
      for (const mode of MODES) totals[mode] += entry[mode];
      totals.billable += entry.billable;
    }
    return { object: 'usage', from, to, data, totals };
  }

  private day(value: string | undefined, param: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !DAY.test(value) || Number.isNaN(Date.parse(value))) {
      throw new ApiError('invalid_request', `${param} must be a date YYYY-MM-DD.`, { param });
    }
    return value;
  }
}
