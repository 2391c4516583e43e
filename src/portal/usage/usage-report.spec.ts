import { daysOf, usageCsv, usageReport } from './usage-report';

describe('usage report', () => {
  it('lists every UTC day of an inclusive range, across a month end and a leap day', () => {
    expect(daysOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(daysOf({ from: '2026-01-01', to: '2026-01-01' })).toEqual(['2026-01-01']);
  });

  it('fills days without usage with zeros and sums billable, test and playground', () => {
    const report = usageReport({ from: '2026-01-01', to: '2026-01-03' }, [
      { date: '2026-01-02', live: 2, test: 5, playground: 3, billable: 2 },
    ]);
    expect(report.days).toEqual([
      { day: '2026-01-01', billable: 0, test: 0, playground: 0 },
      { day: '2026-01-02', billable: 2, test: 5, playground: 3 },
      { day: '2026-01-03', billable: 0, test: 0, playground: 0 },
    ]);
    expect(report.totals).toEqual({ billable: 2, test: 5, playground: 3 });
  });

  it('writes CSV with the header and one CRLF line per day', () => {
    expect(
      usageCsv([
        { day: '2026-01-01', billable: 0, test: 1, playground: 2 },
        { day: '2026-01-02', billable: 3, test: 0, playground: 0 },
      ]),
    ).toBe('day,billable,test,playground\r\n2026-01-01,0,1,2\r\n2026-01-02,3,0,0\r\n');
  });
});
