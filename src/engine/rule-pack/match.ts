/** Where an expression matched: original-text offsets and proximity units (for `near`). */
export type Match = { start: number; end: number; unitStart: number; unitEnd: number };

/** A true result without a location (flags, `not`). */
export const NO_SPANS: readonly Match[] = Object.freeze([]);

export type MatchResult = readonly Match[] | null;

/** Most matches kept per phrase or regex in one turn: enough for spans and `near`. */
export const MAX_MATCHES = 16;
