import { HISTORY_FIELDS, type HistoryForm } from '../history/history-filter';
import { historyPage, type HistoryView } from './history.view';

const viewer = { email: 'v@example.com', role: 'viewer', csrfToken: 'csrf' };
const emptyForm = Object.fromEntries(HISTORY_FIELDS.map((name) => [name, ''])) as HistoryForm;
const view = (overrides: Partial<HistoryView> = {}): HistoryView => ({
  viewer,
  form: { ...emptyForm, mode: 'live', severityMatch: 'exact' },
  rows: [],
  exportQuery: 'mode=live',
  nextHref: null,
  ...overrides,
});

describe('history page', () => {
  it('has the search form with every filter field', () => {
    const html = historyPage(view());
    expect(html).toContain('<form id="history-search" method="get" action="/portal/history">');
    for (const name of HISTORY_FIELDS) expect(html).toContain(`name="${name}"`);
  });

  it('renders result rows with their conversation link, and the export and next links', () => {
    const html = historyPage(
      view({
        rows: [
          {
            id: 'a1',
            createdAt: '2026-01-31T12:00:00.000Z',
            mode: 'live',
            conversationId: 'conv:1',
            turn: 3,
            severity: 'high',
            action: 'block',
            categories: ['violence', 'pii'],
          },
        ],
        exportQuery: 'mode=live&category=pii',
        nextHref: '/portal/history?mode=live&cursor=abc',
      }),
    );
    expect(html).toContain('<tr data-assessment-id="a1">');
    expect(html).toContain(
      '<a class="conversation-link" href="/portal/history/conversations/live/conv%3A1#turn-3">',
    );
    expect(html).toContain('<td class="categories">violence, pii</td>');
    expect(html).toContain(
      'id="export-jsonl" href="/portal/history/export.jsonl?mode=live&amp;category=pii"',
    );
    expect(html).toContain(
      'id="export-csv" href="/portal/history/export.csv?mode=live&amp;category=pii"',
    );
    expect(html).toContain('href="/portal/history?mode=live&amp;cursor=abc"');
  });

  it('re-renders a rejected filter escaped, with the error and no results', () => {
    const html = historyPage(
      view({
        form: { ...emptyForm, conversationId: '"><script>alert(1)</script>' },
        rows: null,
        error: 'conversationId must be 1-128 characters',
      }),
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('<p role="alert">conversationId must be 1-128 characters</p>');
    expect(html).not.toContain('id="history-results"');
  });
});
