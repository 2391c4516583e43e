import { usageReport } from '../usage/usage-report';
import { usageCsvHref, usagePage } from './usage.view';

const viewer = { email: 'v@x', role: 'viewer', csrfToken: 'tok' };
const report = usageReport({ from: '2026-01-01', to: '2026-01-02' }, [
  { date: '2026-01-02', live: 1, test: 2, playground: 3, billable: 1 },
]);

describe('usage view', () => {
  it('renders one row per day with the contract cells and totals as attributes', () => {
    const html = usagePage({ viewer, report });
    expect(html).toContain(
      '<tr data-day="2026-01-01"><td>2026-01-01</td><td class="billable">0</td><td class="test">0</td><td class="playground">0</td></tr>',
    );
    expect(html).toContain(
      '<td class="billable">1</td><td class="test">2</td><td class="playground">3</td>',
    );
    expect(html).toContain('id="usage-totals" data-billable="1" data-test="2" data-playground="3"');
    expect(html).toContain('<canvas id="usage-chart"');
    expect(html).toContain('<script type="application/json" id="usage-data">');
    expect(html).toContain(
      'src="/portal/assets/chart.umd.min.js"></script><script src="/portal/assets/usage-chart.js"',
    );
  });

  it('links the CSV export of the same range', () => {
    expect(usageCsvHref(report.range)).toBe('/portal/usage.csv?from=2026-01-01&to=2026-01-02');
    expect(usagePage({ viewer, report })).toContain(
      '<a id="usage-csv" href="/portal/usage.csv?from=2026-01-01&amp;to=2026-01-02" download>',
    );
  });

  it('shows a refused range escaped, without a report or chart script', () => {
    const html = usagePage({
      viewer,
      error: 'to must be a date YYYY-MM-DD.',
      submitted: { from: '', to: '"><script>' },
    });
    expect(html).toContain('role="alert">to must be a date YYYY-MM-DD.');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(html).not.toContain('id="usage"');
    expect(html).not.toContain('usage-chart.js');
  });
});
