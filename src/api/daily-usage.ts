import { MODES, type Mode } from '../engine/taxonomy';
import type { DailyUsageRow } from '../persistence/repositories/usage.repository';

/** The usage window rules shared by `GET /v1/usage` and the portal usage page (UTC days). */
export const DEFAULT_USAGE_WINDOW_DAYS = 30;
export const MAX_USAGE_WINDOW_DAYS = 366;
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type UsageRange = { from: string; to: string };
export type DayUsage = { date: string; billable: number } & Record<Mode, number>;
export type UsageTotals = { billable: number } & Record<Mode, number>;

/** A bad `from`/`to`; `param` names the offending query parameter. */
export class UsageRangeError extends Error {
  constructor(
    readonly param: 'from' | 'to',
    message: string,
  ) {
    super(message);
  }
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A real calendar day: `Date.parse` alone accepts 2025-02-30 and rolls it into March. */
function parseDay(value: string | undefined, param: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  const ms = typeof value === 'string' && DAY.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms) || isoDay(ms) !== value) {
    throw new UsageRangeError(param, `${param} must be a date YYYY-MM-DD.`);
  }
  return value;
}

/**
 * `to` defaults to today (UTC) and `from` to the 30 days ending at `to`; the range is inclusive
 * and at most 366 days long.
 */
export function resolveUsageRange(
  fromParam: string | undefined,
  toParam: string | undefined,
  now: Date = new Date(),
): UsageRange {
  const to = parseDay(toParam, 'to') ?? isoDay(now.getTime());
  const from =
    parseDay(fromParam, 'from') ??
    isoDay(Date.parse(to) - (DEFAULT_USAGE_WINDOW_DAYS - 1) * DAY_MS);
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (span < 0 || span >= MAX_USAGE_WINDOW_DAYS) {
    throw new UsageRangeError(
      'from',
      `from must be <= to, at most ${MAX_USAGE_WINDOW_DAYS} days apart.`,
    );
  }
  return { from, to };
}

const emptyDay = (date: string): DayUsage => ({
  date,
  live: 0,
  test: 0,
  playground: 0,
  billable: 0,
});

/** Folds the repository's (day, mode) counts into one entry per day that has usage, plus totals. */
export function foldDailyUsage(rows: readonly DailyUsageRow[]): {
  data: DayUsage[];
  totals: UsageTotals;
} {
  const byDay = new Map<string, DayUsage>();
  for (const row of rows) {
    const entry = byDay.get(row.day) ?? emptyDay(row.day);
    entry[row.mode] += row.count;
    entry.billable += row.billable;
    byDay.set(row.day, entry);
  }
  const data = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
  const totals: UsageTotals = { live: 0, test: 0, playground: 0, billable: 0 };
  for (const entry of data) {
    for (const mode of MODES) totals[mode] += entry[mode];
    totals.billable += entry.billable;
  }
  return { data, totals };
}
