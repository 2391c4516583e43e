import type { Transition } from '../../engine/backtest/backtest';
import type { RulesStatus } from '../../engine/rules/rules-engine.service';
import { CATEGORY_IDS, MODES } from '../../engine/taxonomy';
import type { RulesCheckResult } from '../rules/rules-check.service';
import {
  BACKTEST_DEFAULT_DAYS,
  BACKTEST_MAX_DAYS,
  type BacktestRequest,
  type PortalBacktest,
} from '../rules/rules-backtest.service';
import { csrfField, escapeHtml, page, type PageViewer } from './html';

export type RulesPageInput = {
  viewer: PageViewer;
  status: RulesStatus;
  check: RulesCheckResult | null;
  backtest: PortalBacktest | null;
  /** The backtest form's values (the last submitted ones, or the defaults). */
  backtestForm?: BacktestRequest;
  /** A refused action, shown at the top with its problems. */
  error?: { message: string; problems: string[] };
};

/** Long problem lists are cut; the count says how many there were. */
const MAX_PROBLEMS = 50;

function problemList(problems: readonly string[]): string {
  if (problems.length === 0) return '';
  const items = problems
    .slice(0, MAX_PROBLEMS)
    .map((problem) => `<li><code>${escapeHtml(problem)}</code></li>`)
    .join('');
  const more =
    problems.length > MAX_PROBLEMS ? `<li>… and ${problems.length - MAX_PROBLEMS} more</li>` : '';
  return `<ul class="problems">${items}${more}</ul>`;
}

function reloadSection({ status, viewer }: RulesPageInput): string {
  const last = status.lastReload;
  const outcome = last ? (last.ok ? 'ok' : 'failed') : 'none';
  const text = last
    ? `${escapeHtml(last.message)} (${escapeHtml(last.at)}, ${escapeHtml(last.durationMs)} ms)`
    : 'No reload since this instance started.';
  const button =
    viewer.role === 'admin'
      ? `<form method="post" action="/portal/rules/reload" id="reload-rules">${csrfField(viewer)}<button type="submit">Reload rules</button></form>`
      : '';
  return `<section id="reload"><h2>Last reload</h2>
<p id="last-reload" data-outcome="${outcome}">${text}</p>${problemList(last?.problems ?? [])}${button}</section>`;
}

function checkSection({ check, viewer }: RulesPageInput): string {
  const status = check ? check.status : 'not-run';
  const text = check
    ? `${check.status === 'pass' ? 'Pass' : 'Fail'}: ${escapeHtml(check.passed)} passed, ${escapeHtml(check.failed)} failed, ${escapeHtml(check.problems.length)} lint problem(s) · rules on disk ${escapeHtml(check.rulesVersion ?? 'do not load')} · ${escapeHtml(check.at)}, ${escapeHtml(check.durationMs)} ms`
    : 'Not run since this instance started.';
  const failures = check?.failures.length
    ? `<ul class="failures">${check.failures
        .map(
          (f) =>
            `<li><code>${escapeHtml(f.at)}</code> ${escapeHtml(f.name)}: ${escapeHtml(f.failure)}</li>`,
        )
        .join('')}</ul>`
    : '';
  const button =
    viewer.role === 'viewer'
      ? ''
      : `<form method="post" action="/portal/rules/check" id="run-checks">${csrfField(viewer)}<button type="submit">Run lint and tests</button></form>`;
  return `<section id="checks"><h2>Lint and tests (packs on disk)</h2>
<p id="rules-check" data-status="${status}">${text}</p>${problemList(check?.problems ?? [])}${failures}${button}</section>`;
}

function categoryTable({ status }: RulesPageInput): string {
  const rows = CATEGORY_IDS.map((category) => {
    const packs = status.packs.filter((pack) => pack.category === category);
    const rules = packs.reduce((sum, pack) => sum + pack.rules, 0);
    const shadow = packs.reduce((sum, pack) => sum + pack.shadowRules, 0);
    return `<tr data-category="${category}"><td>${category}</td><td>${packs.length}</td><td class="rules">${rules}</td><td>${shadow}</td></tr>`;
  }).join('');
  return `<h2>Rules per category</h2><table id="category-rules"><thead><tr><th>Category</th><th>Packs</th><th>Rules</th><th>Shadow rules</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function packTable({ status }: RulesPageInput): string {
  const rows = status.packs
    .map(
      (pack) =>
        `<tr data-pack="${escapeHtml(pack.id)}"><td>${escapeHtml(pack.id)}</td><td class="category">${escapeHtml(pack.category)}</td><td class="language">${escapeHtml(pack.languages.join(', '))}</td><td class="version">${escapeHtml(pack.version)}</td><td class="rules">${escapeHtml(pack.rules)}</td><td><code>${escapeHtml(pack.file)}</code></td></tr>`,
    )
    .join('');
  return `<h2>Loaded packs</h2><table id="rule-packs"><thead><tr><th>Pack</th><th>Category</th><th>Language</th><th>Version</th><th>Rules</th><th>File</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Example assessment ids, linked to their conversation page when its key is known. */
function examples(ids: readonly string[], backtest: PortalBacktest): string {
  return ids
    .map((id) => {
      const key = backtest.conversations[id];
      if (!key) return `<code>${escapeHtml(id)}</code>`;
      const href = `/portal/history/conversations/${encodeURIComponent(key.mode)}/${encodeURIComponent(key.conversationId)}`;
      return `<a class="example" data-assessment-id="${escapeHtml(id)}" href="${escapeHtml(href)}">${escapeHtml(id)}</a>`;
    })
    .join(' ');
}

function transitionTable(
  id: string,
  title: string,
  transitions: Transition[],
  backtest: PortalBacktest,
) {
  if (transitions.length === 0) return `<p>No ${title} changes.</p>`;
  const rows = transitions
    .map(
      (t) =>
        `<tr data-from="${escapeHtml(t.from)}" data-to="${escapeHtml(t.to)}"><td>${escapeHtml(t.from)} → ${escapeHtml(t.to)}</td><td class="count">${escapeHtml(t.count)}</td><td>${examples(t.examples, backtest)}</td></tr>`,
    )
    .join('');
  return `<h3>By ${title}</h3><table id="${id}"><thead><tr><th>Change</th><th>Turns</th><th>Examples</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function backtestReport(backtest: PortalBacktest): string {
  const { report } = backtest;
  const categories = CATEGORY_IDS.filter(
    (c) => report.categories[c].raised + report.categories[c].lowered > 0,
  )
    .map((c) => {
      const bucket = report.categories[c];
      return `<tr data-category="${c}"><td>${c}</td><td class="raised">${bucket.raised}</td><td class="lowered">${bucket.lowered}</td><td>${examples(bucket.examples, backtest)}</td></tr>`;
    })
    .join('');
  const categoryTable = categories
    ? `<h3>By category</h3><table id="backtest-categories"><thead><tr><th>Category</th><th>Raised</th><th>Lowered</th><th>Examples</th></tr></thead><tbody>${categories}</tbody></table>`
    : '<p>No category changes.</p>';
  return `<div id="backtest-report" data-changed="${report.changedTurns}" data-turns="${report.turns}">
<p>Rules on disk ${escapeHtml(report.rulesVersion)} against the last ${escapeHtml(backtest.days)} day(s) (since ${escapeHtml(backtest.since)}), mode ${escapeHtml(backtest.mode ?? 'all')}: ${report.conversations} conversations, ${report.turns} turns, <strong>${report.changedTurns} would change</strong>, ${report.skippedWithoutText} skipped (no retained text). Run ${escapeHtml(backtest.at)}, ${escapeHtml(backtest.durationMs)} ms.</p>
${backtest.truncated ? `<p role="alert">Only the first ${report.turns} stored turns were replayed.</p>` : ''}
${transitionTable('backtest-severity', 'severity', report.severity, backtest)}
${transitionTable('backtest-action', 'action', report.action, backtest)}
${categoryTable}</div>`;
}

function backtestSection(input: RulesPageInput): string {
  const { viewer, backtest } = input;
  const form = input.backtestForm ?? { days: BACKTEST_DEFAULT_DAYS, mode: null };
  const modes = ['', ...MODES]
    .map(
      (mode) =>
        `<option value="${mode}"${mode === (form.mode ?? '') ? ' selected' : ''}>${mode || 'all'}</option>`,
    )
    .join('');
  const formHtml =
    viewer.role === 'viewer'
      ? ''
      : `<form method="post" action="/portal/rules/backtest" id="backtest-form">${csrfField(viewer)}
<label>Days <input name="days" type="number" min="1" max="${BACKTEST_MAX_DAYS}" value="${escapeHtml(form.days)}"></label>
<label>Mode <select name="mode">${modes}</select></label>
<button type="submit">Backtest rules on disk</button></form>`;
  return `<section id="backtest"><h2>Backtest</h2>
<p>Replays the rule packs on disk over this tenant's stored turns (text as retained) and shows what would change.</p>
${formHtml}${backtest ? backtestReport(backtest) : '<p>No backtest run yet on this instance.</p>'}</section>`;
}

export function rulesPage(input: RulesPageInput): string {
  const { status, error } = input;
  const alert = error
    ? `<div role="alert"><p>${escapeHtml(error.message)}</p>${problemList(error.problems)}</div>`
    : '';
  return page(
    'Rules',
    `<h1>Rules</h1>${alert}
<p>Rules version <code id="rules-version">${escapeHtml(status.rulesVersion)}</code>, loaded ${escapeHtml(status.loadedAt)}: ${escapeHtml(status.packs.length)} packs, ${escapeHtml(status.rules)} rules.</p>
${reloadSection(input)}
${checkSection(input)}
${backtestSection(input)}
${categoryTable(input)}
${packTable(input)}`,
    { viewer: input.viewer },
  );
}
