import { CATEGORY_IDS, type CategoryId } from '../../engine/taxonomy';
import {
  conversationHref,
  conversationPage,
  conversationTurnHref,
  type ConversationView,
} from './conversation.view';

const counts = Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as Record<CategoryId, number>;
const view = (overrides: Partial<ConversationView> = {}): ConversationView => ({
  viewer: { email: 'v@example.com', role: 'viewer', csrfToken: 'csrf' },
  mode: 'live',
  conversationId: 'conv_1',
  state: {
    turns: 2,
    peak: 'high',
    ema: 1.6,
    current: 'medium',
    categoryCounts: { ...counts, violence: 1 },
    liveFlags: [{ name: 'minor_disclosed', setAtTurn: 2, expiresAtTurn: null }],
    createdAt: '2026-01-31T12:00:00.000Z',
    updatedAt: '2026-01-31T12:01:00.000Z',
  },
  turns: [
    {
      turn: 1,
      createdAt: '2026-01-31T12:00:00.000Z',
      speakerType: 'user',
      text: '<script>alert(1)</script> card ****',
      severity: 'none',
      action: 'none',
      categories: [],
      shadowRules: [],
    },
    {
      turn: 2,
      createdAt: '2026-01-31T12:01:00.000Z',
      speakerType: 'user',
      text: null,
      severity: 'high',
      action: 'block',
      categories: ['violence'],
      shadowRules: ['jailbreak.template-model'],
    },
  ],
  timeline: {
    turns: [
      { turn: 1, severity: 'none', ema: 0, peak: 'none' },
      { turn: 2, severity: 'high', ema: 1.6, peak: 'high' },
    ],
  },
  nextHref: null,
  ...overrides,
});

describe('conversation page', () => {
  it('lists the turns with escaped stored text, severity cells and "not retained" for no text', () => {
    const html = conversationPage(view());
    expect(html).toContain('<table id="conversation-turns">');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<td class="text">&lt;script&gt;alert(1)&lt;/script&gt; card ****</td>');
    expect(html).toMatch(
      /<tr id="turn-2" data-turn="2">.*<td class="severity"><span class="badge" data-severity="high">high<\/span><\/td>/,
    );
    expect(html).toContain('<td class="text"><em class="muted">not retained</em></td>');
  });

  it('shows the state: peak, EMA now, per-category counts and live flags', () => {
    const html = conversationPage(view());
    expect(html).toContain('data-peak="high"');
    expect(html).toContain('data-now="medium"');
    expect(html).toContain('<span id="ema">1.60</span>');
    expect(html).toContain(
      '<tr data-category="violence"><td>violence</td><td class="count">1</td></tr>',
    );
    expect(html).toContain('minor_disclosed (set at turn 2, no expiry)');
  });

  it('embeds the timeline for timeline-chart.js, and no chart without turns', () => {
    const html = conversationPage(view());
    expect(html).toContain('<canvas id="timeline-chart"></canvas>');
    expect(html).toContain('<script type="application/json" id="timeline-data">{"turns":[');
    expect(html).toContain(
      '<script src="/portal/assets/chart.umd.min.js"></script><script src="/portal/assets/timeline-chart.js"></script>',
    );
    const empty = conversationPage(view({ turns: [], timeline: { turns: [] } }));
    expect(empty).not.toContain('timeline-chart');
  });

  it('links a turn to the page that shows it', () => {
    expect(conversationTurnHref('live', 'c', 3)).toBe(
      '/portal/history/conversations/live/c#turn-3',
    );
    expect(conversationTurnHref('live', 'c', 200)).toBe(
      '/portal/history/conversations/live/c#turn-200',
    );
    expect(conversationTurnHref('live', 'c', 201)).toBe(
      '/portal/history/conversations/live/c?after=200#turn-201',
    );
  });

  it('URL-encodes ids in links', () => {
    expect(conversationHref('playground', 'user-1:c 1/x')).toBe(
      '/portal/history/conversations/playground/user-1%3Ac%201%2Fx',
    );
    const html = conversationPage(
      view({ nextHref: '/portal/history/conversations/live/conv_1?after=200' }),
    );
    expect(html).toContain(
      '<a id="conversation-next" rel="next" href="/portal/history/conversations/live/conv_1?after=200">',
    );
  });
});
