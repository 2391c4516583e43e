import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';

/**
 * Passport numbers have no public checksum, so a number counts only within a short window of a
 * passport word. Korean: M/S/R/G/D + 8 digits, or the 2021+ shape M + 3 digits + letter + 4 digits.
 * US: 9 digits, or a letter + 8 digits (next-generation books).
 */
const PASSPORT_WORDS = /passport|여권/gi;
const NUMBER =
  /(?<![A-Za-z0-9])(?:([MSRGDmsrgd])(\d{8}|\d{3}[A-Za-z]\d{4})|([A-Za-z])(\d{8})|(\d{9}))(?![A-Za-z0-9])/g;
const WINDOW_BEFORE = 15;
const WINDOW_AFTER = 45;

export class PassportDetector implements TextDetector {
  readonly id = 'pii.passport';
  readonly subcategories = ['passport'] as const;

  detect(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    let searchedUpTo = 0;
    for (const cue of text.matchAll(PASSPORT_WORDS)) {
      const from = Math.max(searchedUpTo, cue.index - WINDOW_BEFORE);
      const to = Math.min(text.length, cue.index + cue[0].length + WINDOW_AFTER);
      if (to <= from) continue;
      // Extend to whole tokens so the window edge never cuts a number in half.
      const windowStart = extendLeft(text, from);
      const windowEnd = extendRight(text, to);
      const window = text.slice(windowStart, windowEnd);
      const korean = /여권/.test(cue[0]) || /한국|대한민국|korea/i.test(window);
      for (const m of window.matchAll(NUMBER)) {
        const start = windowStart + m.index;
        if (hits.some((h) => h.start === start)) continue;
        const american = /\bus\b|u\.s\.|america|미국/i.test(window);
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
      searchedUpTo = windowEnd;
    }
    return hits;
  }
}

function extendLeft(text: string, index: number): number {
  let i = index;
  while (i > 0 && /[A-Za-z0-9]/.test(text[i - 1])) i--;
  return i;
}

function extendRight(text: string, index: number): number {
  let i = index;
  while (i < text.length && /[A-Za-z0-9]/.test(text[i])) i++;
  return i;
}
