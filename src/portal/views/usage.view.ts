import type { UsageRange } from '../../api/daily-usage';
import type { UsageReport, UsageReportDay } from '../usage/usage-report';
import { escapeHtml, jsonData, page, type PageViewer } from './html';

/** The CSV export of the same range as the page. */
export function usageCsvHref(range: UsageRange): string {
  return `/portal/usage.csv?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;
}

function rangeForm(values: { from: string; to: string }): string {
  return `<form method="get" action="/portal/usage" id="usage-range">
<label>From (UTC) <input type="date" name="from" value="${escapeHtml(values.from)}"></label>
<label>To (UTC) <input type="date" name="to" value="${escapeHtml(values.to)}"></label>
<button type="submit">Show</button></form>`;
}

const row = (d: UsageReportDay) =>
  `<tr data-day="${escapeHtml(d.day)}"><td>${escapeHtml(d.day)}</td><td class="billable">${d.billable}</td><td class="test">${d.test}</td><td class="playground">${d.playground}</td></tr>`;

function reportHtml(report: UsageReport): string {
  const { totals, range } = report;
  return `<p id="usage-totals" data-billable="${totals.billable}" data-test="${totals.test}" data-playground="${totals.playground}">
From ${escapeHtml(range.from)} to ${escapeHtml(range.to)}: <strong>${totals.billable}</strong> billable live calls,
<strong>${totals.test}</strong> test calls, <strong>${totals.playground}</strong> free playground runs.
<a id="usage-csv" href="${escapeHtml(usageCsvHref(range))}" download>Download CSV</a></p>
<div class="chart"><canvas id="usage-chart" aria-label="Usage per day"></canvas></div>
${jsonData('usage-data', { days: report.days })}
<table id="usage"><thead><tr><th>Day (UTC)</th><th>Billable (live)</th><th>Test</th><th>Playground (free)</th></tr></thead>
<tbody>${report.days.map(row).join('')}</tbody>
<tfoot><tr><th>Total</th><th>${totals.billable}</th><th>${totals.test}</th><th>${totals.playground}</th></tr></tfoot></table>`;
}

/** The usage page: a report, or the range form again with the reason a range was refused. */
export function usagePage(
  input: { viewer: PageViewer } & (
    { report: UsageReport } | { error: string; submitted: { from: string; to: string } }
  ),
): string {
  const body =
    'report' in input
      ? `${rangeForm(input.report.range)}${reportHtml(input.report)}`
      : `${rangeForm(input.submitted)}<p role="alert">${escapeHtml(input.error)}</p>`;
  return page(
    'Usage',
    `<h1>Usage</h1>
<p>One billable unit per successful live call. Test-key calls and playground runs are free.</p>
${body}`,
    {
      viewer: input.viewer,
      scripts: 'report' in input ? ['chart.umd.min.js', 'usage-chart.js'] : [],
    },
  );
}
