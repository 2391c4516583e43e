import { foldDailyUsage, resolveUsageRange, UsageRangeError } from './daily-usage';

describe('resolveUsageRange', () => {
  const now = new Date('2026-03-10T23:59:00Z');

  it('defaults to the 30 UTC days ending today', () => {
    expect(resolveUsageRange(undefined, undefined, now)).toEqual({
      from: '2026-02-09',
      to: '2026-03-10',
    });
  });

  it('defaults from to the 30 days ending at to', () => {
    expect(resolveUsageRange(undefined, '2026-01-30', now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-30',
    });
  });

  it('accepts one day and a 366-day range, refuses 367 days and from after to', () => {
    expect(resolveUsageRange('2026-01-01', '2026-01-01', now).from).toBe('2026-01-01');
    expect(resolveUsageRange('2024-01-01', '2024-12-31', now).to).toBe('2024-12-31');
    expect(() => resolveUsageRange('2024-01-01', '2025-01-01', now)).toThrow(UsageRangeError);
    expect(() => resolveUsageRange('2026-01-02', '2026-01-01', now)).toThrow(/from must be <= to/);
  });

  it.each(['2026-02-30', '31-12-2025', '2026-1-5', 'yesterday', ''])(
    'refuses %j as a day, naming the parameter',
    (bad) => {
      expect(() => resolveUsageRange(undefined, bad, now)).toThrow(
        expect.objectContaining({ param: 'to' }),
      );
    },
  );
});

describe('foldDailyUsage', () => {
  it('sums modes per day and in total; billable comes from the rows', () => {
    const { data, totals } = foldDailyUsage([
      { day: '2026-01-02', mode: 'test', count: 4, billable: 0 },
      { day: '2026-01-01', mode: 'live', count: 2, billable: 2 },
      { day: '2026-01-01', mode: 'playground', count: 3, billable: 0 },
    ]);
    expect(data).toEqual([
      { date: '2026-01-01', live: 2, test: 0, playground: 3, billable: 2 },
      { date: '2026-01-02', live: 0, test: 4, playground: 0, billable: 0 },
    ]);
    expect(totals).toEqual({ live: 2, test: 4, playground: 3, billable: 2 });
  });
});
