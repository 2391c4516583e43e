import { IDENTIFIER } from '../../api/dtos/assess-request.dto';
import {
  ACTIONS,
  CATEGORY_IDS,
  LEVELS,
  MODES,
  type Action,
  type CategoryId,
  type Level,
  type Mode,
} from '../../engine/taxonomy';
import type {
  AssessmentSearch,
  SearchCursor,
} from '../../persistence/repositories/assessment.repository';

/** The history search form, as submitted (strings; '' = not set). */
export const HISTORY_FIELDS = [
  'conversationId',
  'userIdHash',
  'characterId',
  'severity',
  'severityMatch',
  'category',
  'action',
  'mode',
  'from',
  'to',
] as const;
export type HistoryForm = Record<(typeof HISTORY_FIELDS)[number], string>;

export const SEVERITY_MATCHES = ['exact', 'at_least'] as const;

/** A filter the user can fix: rendered as a 400 page naming the field. */
export class HistoryFilterError extends Error {}

export type HistoryFilter = {
  form: HistoryForm;
  search: Omit<AssessmentSearch, 'tenantId'>;
  cursor: SearchCursor | null;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A single string query value ('' when absent); repeated parameters are an error. */
function single(query: Record<string, unknown>, name: string): string {
  const value = query[name];
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new HistoryFilterError(`${name} must be given once.`);
  return value.trim();
}

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new HistoryFilterError(`${name} must be one of ${allowed.join(', ')}.`);
  }
  return value as T;
}

function identifier(value: string, name: string): string | undefined {
  if (!value) return undefined;
  if (!IDENTIFIER.test(value)) {
    throw new HistoryFilterError(
      `${name} must be 1-128 characters of letters, digits, "_", ".", ":" or "-".`,
    );
  }
  return value;
}

/**
 * A `from`/`to` bound as an ISO instant. A date (YYYY-MM-DD, UTC) means the start of that day
 * for `from` and the whole day for `to`; a date-time is taken as given (`to` inclusive).
 * Returned as the lower bound (inclusive) or the upper bound (exclusive).
 */
export function parseTimeBound(value: string, bound: 'from' | 'to'): string | undefined {
  if (!value) return undefined;
  const date = DATE.exec(value);
  let instant: number;
  if (date) {
    instant = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    // Date.UTC rolls 2026-02-31 over to March: a real date prints back unchanged.
    if (Number.isNaN(instant) || new Date(instant).toISOString().slice(0, 10) !== value) {
      throw new HistoryFilterError(`${bound} is not a valid date.`);
    }
    if (bound === 'to') instant += DAY_MS;
  } else if (DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
    instant = Date.parse(value) + (bound === 'to' ? 1 : 0);
  } else {
    throw new HistoryFilterError(
      `${bound} must be a date (2026-01-31) or an ISO date-time (2026-01-31T12:00:00Z).`,
    );
  }
  return new Date(instant).toISOString();
}

/** Opaque "next page" token: the last row's created_at and id. */
export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(token: string): SearchCursor | null {
  if (!token) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !DATE_TIME.test(parsed[0]) ||
    parsed[1].length > 36
  ) {
    throw new HistoryFilterError('cursor is not a valid page token.');
  }
  return { createdAt: parsed[0], id: parsed[1] };
}

/** Severities matching `severity` exactly or at least; undefined when it filters nothing. */
function severities(level: Level | undefined, match: string): Level[] | undefined {
  if (!level) return undefined;
  if (match !== 'at_least') return [level];
  return level === 'none' ? undefined : LEVELS.slice(LEVELS.indexOf(level));
}

/** Parses the history query string (search page and exports share it). */
export function parseHistoryFilter(query: Record<string, unknown>): HistoryFilter {
  const form = Object.fromEntries(
    HISTORY_FIELDS.map((name) => [name, single(query, name)]),
  ) as HistoryForm;
  form.mode ||= 'live';
  form.severityMatch ||= 'exact';
  const mode: Mode = oneOf(form.mode, MODES, 'mode');
  const level = form.severity ? oneOf<Level>(form.severity, LEVELS, 'severity') : undefined;
  const match = oneOf(form.severityMatch, SEVERITY_MATCHES, 'severityMatch');
  const category = form.category
    ? oneOf<CategoryId>(form.category, CATEGORY_IDS, 'category')
    : undefined;
  const action = form.action ? oneOf<Action>(form.action, ACTIONS, 'action') : undefined;
  const from = parseTimeBound(form.from, 'from');
  const toExclusive = parseTimeBound(form.to, 'to');
  if (from && toExclusive && from >= toExclusive) {
    throw new HistoryFilterError('from must be before to.');
  }
  const search: HistoryFilter['search'] = {
    mode,
    conversationId: identifier(form.conversationId, 'conversationId'),
    userIdHash: identifier(form.userIdHash, 'userIdHash'),
    characterId: identifier(form.characterId, 'characterId'),
    severities: severities(level, match),
    category,
    action,
    from,
    toExclusive,
  };
  return { form, search, cursor: decodeCursor(single(query, 'cursor')) };
}

/** The query string of a filter (set fields only), for links: next page and exports. */
export function historyQueryString(form: HistoryForm, cursor?: SearchCursor): string {
  const params = new URLSearchParams();
  for (const name of HISTORY_FIELDS) if (form[name]) params.set(name, form[name]);
  if (cursor) params.set('cursor', encodeCursor(cursor));
  return params.toString();
}
