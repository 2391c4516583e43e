import { ACTIONS, CATEGORY_IDS, LEVELS, MODES, type CategoryId } from '../../engine/taxonomy';
import type { HistoryForm } from '../history/history-filter';
import { conversationTurnHref } from './conversation.view';
import { escapeHtml, page, type PageViewer } from './html';

export type HistoryRowView = {
  id: string;
  createdAt: string;
  mode: string;
  conversationId: string;
  turn: number;
  severity: string;
  action: string;
  categories: CategoryId[];
};

export type HistoryView = {
  viewer: PageViewer;
  form: HistoryForm;
  /** null when the filter was rejected (the error says why). */
  rows: HistoryRowView[] | null;
  error?: string;
  /** Query string of the filters (no cursor) for the export links. */
  exportQuery: string;
  nextHref: string | null;
};

function select(
  name: keyof HistoryForm,
  label: string,
  current: string,
  options: readonly (readonly [string, string])[],
): string {
  const items = options
    .map(
      ([value, text]) =>
        `<option value="${escapeHtml(value)}"${value === current ? ' selected' : ''}>${escapeHtml(text)}</option>`,
    )
    .join('');
  return `<label>${label} <select name="${name}">${items}</select></label>`;
}

const any = (values: readonly string[]) =>
  [['', 'any'] as const, ...values.map((v) => [v, v] as const)] as const;

function searchForm(form: HistoryForm): string {
  const input = (name: keyof HistoryForm, label: string, placeholder = '') =>
    `<label>${label} <input name="${name}" value="${escapeHtml(form[name])}"${placeholder ? ` placeholder="${escapeHtml(placeholder)}"` : ''}></label>`;
  return `<form id="history-search" method="get" action="/portal/history">
${select(
  'mode',
  'Mode',
  form.mode,
  MODES.map((m) => [m, m]),
)}
${input('conversationId', 'Conversation')} ${input('userIdHash', 'User (hash)')} ${input('characterId', 'Character')}
${select('severity', 'Severity', form.severity, any(LEVELS))}
${select('severityMatch', 'Match', form.severityMatch, [
  ['exact', 'exactly'],
  ['at_least', 'at least'],
])}
${select('category', 'Category raised', form.category, any(CATEGORY_IDS))}
${select('action', 'Action', form.action, any(ACTIONS))}
${input('from', 'From', '2026-01-31 or ISO time')} ${input('to', 'To', '2026-01-31 or ISO time')}
<button type="submit">Search</button></form>`;
}

function row(r: HistoryRowView): string {
  return `<tr data-assessment-id="${escapeHtml(r.id)}"><td>${escapeHtml(r.createdAt)}</td><td>${escapeHtml(r.mode)}</td><td class="conversation">${escapeHtml(r.conversationId)}</td><td>${escapeHtml(r.turn)}</td><td class="severity"><span class="badge" data-severity="${escapeHtml(r.severity)}">${escapeHtml(r.severity)}</span></td><td class="action">${escapeHtml(r.action)}</td><td class="categories">${escapeHtml(r.categories.join(', '))}</td><td><a class="conversation-link" href="${escapeHtml(conversationTurnHref(r.mode, r.conversationId, r.turn))}">Conversation</a></td></tr>`;
}

function results(view: HistoryView): string {
  if (!view.rows) return '';
  const body = view.rows.length
    ? view.rows.map(row).join('')
    : '<tr><td colspan="8">No stored assessments match.</td></tr>';
  const next = view.nextHref
    ? `<p><a id="history-next" rel="next" href="${escapeHtml(view.nextHref)}">Next page (older)</a></p>`
    : '';
  return `<p>Export these results: <a id="export-jsonl" href="/portal/history/export.jsonl?${escapeHtml(view.exportQuery)}">JSONL</a> · <a id="export-csv" href="/portal/history/export.csv?${escapeHtml(view.exportQuery)}">CSV</a> (newest 10,000 rows at most)</p>
<table id="history-results"><thead><tr><th>Time</th><th>Mode</th><th>Conversation</th><th>Turn</th><th>Severity</th><th>Action</th><th>Categories raised</th><th></th></tr></thead>
<tbody>${body}</tbody></table>${next}`;
}

/** The history search: the filter form, newest-first results, next-page and export links. */
export function historyPage(view: HistoryView): string {
  const error = view.error ? `<p role="alert">${escapeHtml(view.error)}</p>` : '';
  return page(
    'History',
    `<h1>History</h1><p>Stored assessments of your tenant, newest first.</p>
${searchForm(view.form)}${error}${results(view)}`,
    { viewer: view.viewer },
  );
}
