import { setFlagsFromString } from 'node:v8';
import { RE2JS } from 're2js';

/**
 * Runs rule regexes in linear time, fast. Every pattern is first validated as RE2 syntax
 * (re2js: no backreferences or lookaround, so a linear-time automaton exists). Patterns that
 * native JavaScript reads the same way then run on V8's regex engine with its linear-time
 * fallback switched on: after a bounded number of backtracks V8 reruns the match on its
 * automaton engine, so catastrophic backtracking cannot happen. The rest (RE2-only syntax,
 * Unicode classes) run on re2js, which is linear but slower.
 */

let fallbackEnabled = false;
function enableLinearFallback(): void {
  if (fallbackEnabled) return;
  setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
  setFlagsFromString('--regexp-backtracks-before-fallback=2000');
  // Also allows the `l` flag: V8's automaton engine on demand (linear, several times faster
  // than re2js), for multiline patterns over long texts.
  setFlagsFromString('--enable-experimental-regexp-engine');
  fallbackEnabled = true;
}

/** The pattern on V8's linear engine, or null where that engine does not support it. */
function linearNative(body: string, flags: string): RegExp | null {
  try {
    return new RegExp(body, `${flags}l`);
  } catch {
    return null;
  }
}

/**
 * Syntax RE2 accepts that JavaScript reads differently or not at all (Unicode classes are
 * rewritten). `\x{FE0F}` is a code point to RE2 but "x{FE0F}" to JavaScript outside Unicode mode.
 */
const RE2_ONLY = /\[\[:|\\[QEzAC]|\\x\{|\(\?P?<|\(\?[imsU-]+[:)]/;
const LEADING_FLAGS = /^\(\?([ims]+)\)/;
/** Texts up to this length run on V8's engine; longer ones on re2js (strictly linear). */
const NATIVE_MAX_CHARS = 600;
/** Windows over longer texts overlap by NATIVE_MAX_CHARS - WINDOW_STEP characters. */
const WINDOW_STEP = 450;

export type LinearRegex = {
  readonly engine: 'v8' | 're2js';
  /**
   * Start/end offsets of up to `limit` non-overlapping matches. With `toRead` (see
   * `markWindowsHolding`), a long subject is read only in the windows marked there (the same
   * matches, when every window without a mark holds no match).
   */
  findAll(subject: string, limit: number, toRead?: Uint8Array): [number, number][];
};

/**
 * How many windows `findAll` reads a subject of this length in: 0 for subjects it reads whole.
 * Window k covers [k * WINDOW_STEP, k * WINDOW_STEP + NATIVE_MAX_CHARS); the last one runs to
 * the end of the subject.
 */
export function windowCount(subjectLength: number): number {
  if (subjectLength <= NATIVE_MAX_CHARS) return 0;
  return Math.ceil((subjectLength - NATIVE_MAX_CHARS) / WINDOW_STEP) + 1;
}

/**
 * Marks 1, in `marks[offset .. offset + count)`, the windows that hold [at, at + length) whole:
 * a window holding no occurrence of any of a regex's required literals holds no match of it
 * (every match holds one, and a window's matches lie inside it).
 */
export function markWindowsHolding(
  marks: Uint8Array,
  offset: number,
  count: number,
  at: number,
  length: number,
): void {
  const lastWindow = count - 1;
  const first = Math.max(0, Math.ceil((at + length - NATIVE_MAX_CHARS) / WINDOW_STEP));
  const lastHolding = Math.min(lastWindow, Math.floor(at / WINDOW_STEP));
  for (let k = Math.min(first, lastWindow); k <= lastHolding; k++) marks[offset + k] = 1;
}

/** Throws (with RE2's message) when the pattern is not valid RE2 syntax. */
export function compileLinearRegex(pattern: string): LinearRegex {
  const re2 = RE2JS.compile(pattern);
  const leading = LEADING_FLAGS.exec(pattern);
  const rest = leading ? pattern.slice(leading[0].length) : pattern;
  // V8's linear fallback does not cover Unicode-mode regexes, so \pL-style classes are
  // spelled out as explicit BMP ranges instead of using the `u` flag.
  const body = RE2_ONLY.test(rest) ? null : expandUnicodeClasses(rest);
  if (body !== null) {
    try {
      enableLinearFallback();
      const flags = `g${leading ? leading[1] : ''}`;
      const native = new RegExp(body, flags);
      // In windows after the first, ^ must not match at the window's edge (nor $ before the
      // last): those variants replace the anchor with a never-matching group. Multiline
      // anchors cannot be told apart from window edges: such patterns read long texts whole,
      // on V8's linear engine (re2js where it declines the pattern).
      const multiline = flags.includes('m') ? (linearNative(body, flags) ?? 're2') : null;
      const windows = {
        first: new RegExp(replaceAnchors(body, false, true), flags),
        middle: new RegExp(replaceAnchors(body, true, true), flags),
        last: new RegExp(replaceAnchors(body, true, false), flags),
      };
      return {
        engine: 'v8',
        // Backtracking over a bounded text is bounded too (the V8 fallback removes the
        // exponential cases; polynomial ones stay small); longer texts are read in windows.
        findAll: (subject, limit, toRead) => {
          if (subject.length <= NATIVE_MAX_CHARS) return nativeFindAll(native, subject, limit);
          if (multiline === null) {
            const marks = toRead?.length === windowCount(subject.length) ? toRead : null;
            return windowedFindAll(windows, subject, limit, marks);
          }
          return multiline === 're2'
            ? re2FindAll(re2, subject, limit)
            : nativeFindAll(multiline, subject, limit);
        },
      };
    } catch {
      // Not valid JavaScript syntax: re2js reads it.
    }
  }
  return { engine: 're2js', findAll: (subject, limit) => re2FindAll(re2, subject, limit) };
}

const rangeCache = new Map<string, string | null>();

/** `\p{L}` as the BMP ranges it matches, written for a character class; null if unknown. */
function propertyRanges(name: string): string | null {
  const cached = rangeCache.get(name);
  if (cached !== undefined) return cached;
  let test: RegExp;
  try {
    test = new RegExp(`^\\p{${name}}$`, 'u');
  } catch {
    rangeCache.set(name, null);
    return null;
  }
  const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
  let ranges = '';
  let start = -1;
  for (let code = 0; code <= 0x10000; code++) {
    const inside =
      code < 0x10000 && !(code >= 0xd800 && code <= 0xdfff) && test.test(String.fromCharCode(code));
    if (inside && start < 0) start = code;
    if (!inside && start >= 0) {
      ranges += start === code - 1 ? hex(start) : `${hex(start)}-${hex(code - 1)}`;
      start = -1;
    }
  }
  rangeCache.set(name, ranges);
  return ranges;
}

/** Rewrites \pL, \p{Hangul}, \PL into explicit classes; null when that is not possible. */
function expandUnicodeClasses(pattern: string): string | null {
  if (!/\\[pP]/.test(pattern)) return pattern;
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next === 'p' || next === 'P') {
        let name: string;
        let length: number;
        if (pattern[i + 2] === '{') {
          const close = pattern.indexOf('}', i + 3);
          if (close < 0) return null;
          name = pattern.slice(i + 3, close);
          length = close - i + 1;
        } else {
          name = pattern[i + 2];
          length = 3;
        }
        const negated = next === 'P' || name.startsWith('^');
        const ranges = propertyRanges(name.replace(/^\^/, ''));
        if (ranges === null || (negated && inClass)) return null;
        out += inClass ? ranges : `[${negated ? '^' : ''}${ranges}]`;
        i += length - 1;
        continue;
      }
      out += char + (next ?? '');
      i++;
      continue;
    }
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    out += char;
  }
  return out;
}

function nativeFindAll(regex: RegExp, subject: string, limit: number): [number, number][] {
  const found: [number, number][] = [];
  regex.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (found.length < limit && (match = regex.exec(subject)) !== null) {
    found.push([match.index, match.index + match[0].length]);
    if (match[0].length === 0) regex.lastIndex++;
  }
  return found;
}

/**
 * Long texts are read in overlapping windows so each native run stays bounded: a match
 * belongs to the window it starts in (matches are local: a phrase-sized pattern, not a page).
 * Window k starts at k * WINDOW_STEP; only those `toRead` marks are read (null: all).
 */
function windowedFindAll(
  regexes: { first: RegExp; middle: RegExp; last: RegExp },
  subject: string,
  limit: number,
  toRead: Uint8Array | null,
): [number, number][] {
  const found: [number, number][] = [];
  for (let start = 0; start < subject.length && found.length < limit; start += WINDOW_STEP) {
    const last = start + NATIVE_MAX_CHARS >= subject.length;
    if (toRead !== null && toRead[start / WINDOW_STEP] === 0) {
      if (last) break;
      continue;
    }
    const window = subject.slice(start, start + NATIVE_MAX_CHARS);
    const regex = last ? regexes.last : start === 0 ? regexes.first : regexes.middle;
    for (const [from, to] of nativeFindAll(regex, window, limit)) {
      if (!last && from >= WINDOW_STEP) break;
      found.push([start + from, start + to]);
      if (found.length >= limit) break;
    }
    if (last) break;
  }
  return found;
}

/** The pattern with unescaped ^ (and/or $) outside character classes made never-matching. */
function replaceAnchors(pattern: string, start: boolean, end: boolean): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      out += char + (pattern[i + 1] ?? '');
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
      out += char;
    } else if (char === '[') {
      inClass = true;
      out += char;
      if (pattern[i + 1] === '^') {
        out += '^';
        i++;
      }
    } else if ((char === '^' && start) || (char === '$' && end)) out += '(?!)';
    else out += char;
  }
  return out;
}

function re2FindAll(regex: RE2JS, subject: string, limit: number): [number, number][] {
  const found: [number, number][] = [];
  const matcher = regex.matcher(subject);
  let from = 0;
  while (found.length < limit && from <= subject.length && matcher.find(from)) {
    const start = matcher.start();
    const end = matcher.end();
    found.push([start, end]);
    from = end > start ? end : end + 1;
  }
  return found;
}
