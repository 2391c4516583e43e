import { highlightSpans } from './playground.view';

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
