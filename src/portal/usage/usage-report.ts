import type { DayUsage, UsageRange } from '../../api/daily-usage';
import { csvRecord } from '../history/csv';

/** One UTC day of the portal usage report: billable live calls, test calls, free playground runs. */
export type UsageReportDay = { day: string; billable: number; test: number; playground: number };
export type UsageReport = {
  range: UsageRange;
  days: UsageReportDay[];
  totals: Omit<UsageReportDay, 'day'>;
};

const DAY_MS = 86_400_000;

/** Every UTC day from `from` to `to`, inclusive. */
export function daysOf({ from, to }: UsageRange): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += DAY_MS) {
    days.push(new Date(ms).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The report over every day of the range, zero where nothing was recorded, so the chart's
 * x axis is continuous and the table and CSV have one row per day.
 */
export function usageReport(range: UsageRange, data: readonly DayUsage[]): UsageReport {
  const byDay = new Map(data.map((entry) => [entry.date, entry]));
  const days = daysOf(range).map((day) => {
    const entry = byDay.get(day);
    return {
      day,
      billable: entry?.billable ?? 0,
      test: entry?.test ?? 0,
      playground: entry?.playground ?? 0,
    };
  });
  const totals = { billable: 0, test: 0, playground: 0 };
  for (const day of days) {
    totals.billable += day.billable;
    totals.test += day.test;
    totals.playground += day.playground;
  }
  return { range, days, totals };
}

const USAGE_CSV_HEADER = csvRecord(['day', 'billable', 'test', 'playground']);

/** The report's rows as CSV, written like the history export. */
export function usageCsv(days: readonly UsageReportDay[]): string {
  const lines = days.map((d) => csvRecord([d.day, d.billable, d.test, d.playground]));
  return USAGE_CSV_HEADER + lines.join('');
}
