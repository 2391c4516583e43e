import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import { countDigits } from './text-window';

/**
 * Passport numbers have no public checksum, so a number counts only within a short window of a
 * passport word. Korean: M/S/R/G/D + 8 digits, or the 2021+ shape M + 3 digits + letter + 4 digits.
 * US: 9 digits, or a letter + 8 digits (next-generation books).
 */
const PASSPORT_WORDS =
  /passport|여권|passeport|pasaporte|passaporto|passaporte|reisepass|pass-?nr|paszport|pasport|paspor|паспорт|パスポート|旅券|护照|護照|hộ\s?chiếu/gi;
/**
 * Other countries' book numbers, only inside a passport-word window: two letters + 7 digits
 * (JP "TK1234567"), 2 digits + 2 letters + 5 digits (FR "12AB34567"), and the
 * German 9-character alphanumeric form with at least five digits ("C01X00T47").
 */
const OTHER_NUMBER =
  /(?<![A-Za-z0-9])(?:[A-Za-z]{2}\d{7}|\d{2}[A-Za-z]{2}\d{5}|[CFGHJKLMNPRTVWXYZcfghjklmnprtvwxyz](?=(?:[A-Za-z]*\d){5})[0-9CFGHJKLMNPRTVWXYZcfghjklmnprtvwxyz]{8})(?![A-Za-z0-9])/g;
const NUMBER =
  /(?<![A-Za-z0-9])(?:([MSRGDmsrgd])(\d{8}|\d{3}[A-Za-z]\d{4})|([A-Za-z])(\d{8})|(\d{9}))(?![A-Za-z0-9])/g;
/** The shortest number shape (the German alphanumeric form) has 5 digits. */
const MIN_DIGITS = 5;
const WINDOW_BEFORE = 15;
const WINDOW_AFTER = 45;
const MAX_CUES = 32;

export class PassportDetector implements TextDetector {
  readonly id = 'pii.passport';
  readonly subcategories = ['passport'] as const;

  detect(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    if (countDigits(text) < MIN_DIGITS) return hits;
    for (const [windowStart, windowEnd] of this.windows(text)) {
      const window = text.slice(windowStart, windowEnd);
      const korean = /여권|한국|대한민국|korea/i.test(window);
      const american = /\bus\b|u\.s\.|america|미국/i.test(window);
      for (const m of window.matchAll(NUMBER)) {
        const start = windowStart + m.index;
        const country = m[1]
          ? american && !korean
            ? 'US'
            : 'KR'
          : m[3]
            ? 'US'
            : korean
              ? 'unknown'
              : 'US';
        hits.push({
          subcategory: 'passport',
          start,
          end: start + m[0].length,
          validated: false,
          facts: { country },
        });
      }
      for (const m of window.matchAll(OTHER_NUMBER)) {
        const start = windowStart + m.index;
        const end = start + m[0].length;
        if (hits.some((h) => h.start < end && start < h.end)) continue;
        hits.push({
          subcategory: 'passport',
          start,
          end,
          validated: false,
          facts: { country: 'unknown' },
        });
      }
    }
    return hits;
  }

  /** Windows around passport words, merged, widened to whole tokens; linear in the text. */
  private windows(text: string): Array<[number, number]> {
    const windows: Array<[number, number]> = [];
    let cues = 0;
    for (const cue of text.matchAll(PASSPORT_WORDS)) {
      const from = Math.max(0, cue.index - WINDOW_BEFORE);
      const to =
        ++cues > MAX_CUES
          ? text.length
          : Math.min(text.length, cue.index + cue[0].length + WINDOW_AFTER);
      const last = windows[windows.length - 1];
      if (last && from <= last[1]) last[1] = Math.max(last[1], to);
      else windows.push([from, to]);
      if (to === text.length) break;
    }
    return windows.map(([from, to]) => [extendLeft(text, from), extendRight(text, to)]);
  }
}

/** Widen a window edge to a whole token (at most 20 characters) so no number is cut in half. */
function extendLeft(text: string, index: number): number {
  let i = index;
  for (let n = 0; n < 20 && i > 0 && isAlnum(text.charCodeAt(i - 1)); n++) i--;
  return i;
}

function extendRight(text: string, index: number): number {
  let i = index;
  for (let n = 0; n < 20 && i < text.length && isAlnum(text.charCodeAt(i)); n++) i++;
  return i;
}

function isAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
