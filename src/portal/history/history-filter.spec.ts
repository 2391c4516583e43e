import {
  HistoryFilterError,
  decodeCursor,
  encodeCursor,
  historyQueryString,
  parseHistoryFilter,
  parseTimeBound,
} from './history-filter';

describe('history filter parsing', () => {
  it('defaults to live mode with no other condition', () => {
    const { search, cursor } = parseHistoryFilter({});
    expect(search).toEqual({ mode: 'live' });
    expect(cursor).toBeNull();
  });

  it('reads every field', () => {
    const { search } = parseHistoryFilter({
      conversationId: 'conv_1',
      userIdHash: 'u_1',
      characterId: 'char_luna',
      severity: 'high',
      category: 'self_harm',
      action: 'block',
      mode: 'test',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(search).toEqual({
      mode: 'test',
      conversationId: 'conv_1',
      userIdHash: 'u_1',
      characterId: 'char_luna',
      severities: ['high'],
      category: 'self_harm',
      action: 'block',
      from: '2026-01-01T00:00:00.000Z',
      toExclusive: '2026-02-01T00:00:00.000Z',
    });
  });

  it('matches a severity at least: that level and the ones above', () => {
    expect(
      parseHistoryFilter({ severity: 'medium', severityMatch: 'at_least' }).search.severities,
    ).toEqual(['medium', 'high', 'critical']);
    expect(
      parseHistoryFilter({ severity: 'none', severityMatch: 'at_least' }).search.severities,
    ).toBeUndefined();
  });

  it('takes date-times as given, `to` inclusive', () => {
    expect(parseTimeBound('2026-01-31T12:00:00+01:00', 'from')).toBe('2026-01-31T11:00:00.000Z');
    expect(parseTimeBound('2026-01-31T12:00:00Z', 'to')).toBe('2026-01-31T12:00:00.001Z');
  });

  it.each([
    [{ mode: 'prod' }, 'mode must be one of live, test, playground.'],
    [{ severity: 'severe' }, 'severity must be one of'],
    [{ severityMatch: 'more' }, 'severityMatch must be one of'],
    [{ category: 'spam' }, 'category must be one of'],
    [{ action: 'ban' }, 'action must be one of'],
    [{ conversationId: 'has space' }, 'conversationId must be'],
    [{ userIdHash: 'x'.repeat(129) }, 'userIdHash must be'],
    [{ from: 'yesterday' }, 'from must be a date'],
    [{ to: '2026-02-31' }, 'to is not a valid date.'],
    [{ from: '2026-02-02', to: '2026-02-01' }, 'from must be before to.'],
    [{ mode: ['live', 'test'] }, 'mode must be given once.'],
    [{ cursor: 'not-a-token' }, 'cursor is not a valid page token.'],
  ])('rejects %j', (query, message) => {
    expect(() => parseHistoryFilter(query)).toThrow(HistoryFilterError);
    expect(() => parseHistoryFilter(query)).toThrow(message);
  });

  it('round-trips the page cursor and keeps set fields in links', () => {
    const cursor = { createdAt: '2026-01-31T12:00:00.000Z', id: 'a1' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    const { form } = parseHistoryFilter({ category: 'pii', from: '2026-01-01' });
    const query = new URLSearchParams(historyQueryString(form, cursor));
    expect(Object.fromEntries(query)).toEqual({
      category: 'pii',
      from: '2026-01-01',
      mode: 'live',
      severityMatch: 'exact',
      cursor: encodeCursor(cursor),
    });
  });
});
