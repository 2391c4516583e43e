import { highlightSpans, playgroundPage } from './playground.view';

describe('highlightSpans', () => {
  it('marks spans and escapes every segment of hostile text', () => {
    const text = 'a <b>bad</b> & "x"';
    expect(highlightSpans(text, [{ start: 2, end: 12 }])).toBe(
      'a <mark>&lt;b&gt;bad&lt;/b&gt;</mark> &amp; &quot;x&quot;',
    );
  });

  it('merges overlapping spans and clamps spans outside the text', () => {
    expect(
      highlightSpans('abcdef', [
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: 5, end: 99 },
      ]),
    ).toBe('a<mark>bcd</mark>e<mark>f</mark>');
  });
});

describe('playgroundPage', () => {
  const viewer = { email: 'ana@example.com', role: 'analyst', csrfToken: 'token' };
  const form = { text: '', conversationId: 'c1', characterId: '', speakerType: 'user', raw: '' };

  it('draws the timeline with the chart scripts once the conversation has turns', () => {
    const html = playgroundPage({
      viewer,
      form,
      newConversationId: 'pg-1',
      timeline: { turns: [{ turn: 1, severity: 'low', ema: 1, peak: 'low' }] },
    });
    expect(html).toContain('<canvas id="timeline-chart"></canvas>');
    expect(html).toContain(
      '<script type="application/json" id="timeline-data">{"turns":[{"turn":1,"severity":"low","ema":1,"peak":"low"}]}</script>',
    );
    expect(html.indexOf('chart.umd.min.js')).toBeLessThan(html.indexOf('timeline-chart.js'));
  });

  it('has no chart before the first turn, and offers a new conversation id', () => {
    const html = playgroundPage({
      viewer,
      form,
      newConversationId: 'pg-2',
      timeline: { turns: [] },
    });
    expect(html).not.toContain('timeline-chart');
    expect(html).toMatch(
      /<form method="get" action="\/portal\/playground" id="new-conversation">\s*<input type="hidden" name="conversationId" value="pg-2">/,
    );
  });
});
