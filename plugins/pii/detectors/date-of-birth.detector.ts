import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import { countDigits, isCalendarDate } from './text-window';

/**
 * Dates of birth: a calendar date within a short window of a birth cue ("born on", "DOB",
 * "my birthday is", "생년월일", "생일은", "...에 태어났어", "2009.03.14생이야"). The date must be real; a bare year
 * ("born in 1990") is not reported.
 */
const BIRTH_CUES =
  /\bborn\b|\bdob\b|d\.o\.b|date\s+of\s+birth|birth\s*date|birthday|b-?day|생년월일|생일|태어났|태어난|출생|\d\s*일생(?!활|각|일대|동안)|\d\s*생(?=이|입|으|임|[\s,.!~]|$)/gi;
const WINDOW_BEFORE = 30;
const WINDOW_AFTER = 45;
const MAX_CUES = 32;
/** More dates of birth than this in one turn add nothing; keeps the overlap checks bounded. */
const MAX_HITS = 32;

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORD = '(?:st|nd|rd|th)?';

type DateShape = {
  pattern: RegExp;
  read: (m: RegExpMatchArray) => [number | undefined, number, number];
};

const year4 = (y: string): number => Number(y);
const year2or4 = (y: string): number =>
  y.length === 4 ? Number(y) : Number(y) + (Number(y) > 30 ? 1900 : 2000);

const SHAPES: DateShape[] = [
  // 2009-03-14, 2009.3.14, 2009/03/14
  {
    pattern: /(?<!\d)((?:19|20)\d{2})\s?[-./]\s?(\d{1,2})\s?[-./]\s?(\d{1,2})(?!\d)/g,
    read: (m) => [year4(m[1]), Number(m[2]), Number(m[3])],
  },
  // 03/14/2009 or 14/03/2009 (either order is accepted when it is a real date)
  {
    pattern: /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-]((?:19|20)?\d{2})(?![\d/.-])/g,
    read: (m) => {
      const a = Number(m[1]);
      const b = Number(m[2]);
      return a > 12 ? [year2or4(m[3]), b, a] : [year2or4(m[3]), a, b];
    },
  },
  // Korean YY.MM.DD ("생년월일 90.01.01"), tried when the day-first/month-first reading failed
  {
    pattern: /(?<![\d/.-])(\d{2})[./-](\d{1,2})[./-](\d{1,2})(?![\d/.-])/g,
    read: (m) => [year2or4(m[1]), Number(m[2]), Number(m[3])],
  },
  // March 14, 2009 / Mar 14th / March 14
  {
    pattern: new RegExp(
      `\\b${MONTH}\\.?\\s+(\\d{1,2})${ORD}(?:,?\\s+((?:19|20)\\d{2}))?(?!\\d)`,
      'gi',
    ),
    read: (m) => [
      m[3] ? Number(m[3]) : undefined,
      MONTHS[m[1].slice(0, 3).toLowerCase()],
      Number(m[2]),
    ],
  },
  // 14 March 2009 / 14th of March
  {
    pattern: new RegExp(
      `(?<!\\d)(\\d{1,2})${ORD}\\s+(?:of\\s+)?${MONTH}\\b\\.?(?:,?\\s+((?:19|20)\\d{2}))?`,
      'gi',
    ),
    read: (m) => [
      m[3] ? Number(m[3]) : undefined,
      MONTHS[m[2].slice(0, 3).toLowerCase()],
      Number(m[1]),
    ],
  },
  // 2009년 3월 14일 / 3월 14일 / 09년 3월 14일
  {
    pattern: /(?:((?:19|20)?\d{2})\s*년\s*)?(\d{1,2})\s*월\s*(\d{1,2})\s*일/g,
    read: (m) => [m[1] ? year2or4(m[1]) : undefined, Number(m[2]), Number(m[3])],
  },
  // Compact 20090314 or 090314 (only reached inside a birth-cue window)
  {
    pattern: /(?<!\d)((?:19|20)\d{2}|\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?!\d)/g,
    read: (m) => [year2or4(m[1]), Number(m[2]), Number(m[3])],
  },
];

export class DateOfBirthDetector implements TextDetector {
  readonly id = 'pii.date_of_birth';
  readonly subcategories = ['date_of_birth'] as const;

  detect(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    // Every date shape holds a digit: digit-free turns need no cue scan.
    if (countDigits(text) === 0) return hits;
    for (const [from, to] of cueWindows(text)) {
      const window = text.slice(from, to);
      for (const shape of SHAPES) {
        for (const m of window.matchAll(shape.pattern)) {
          if (hits.length >= MAX_HITS) return hits;
          const start = from + m.index;
          const end = start + m[0].length;
          if (hits.some((h) => h.start < end && start < h.end)) continue;
          const [year, month, day] = shape.read(m);
          if (!isCalendarDate(year ?? 2000, month, day)) continue;
          const facts: Record<string, number | boolean> = { hasYear: year !== undefined };
          if (year !== undefined) facts.birthYear = year;
          hits.push({ subcategory: 'date_of_birth', start, end, validated: true, facts });
        }
      }
    }
    return hits.sort((a, b) => a.start - b.start);
  }
}

/**
 * The text around every birth cue, with overlapping windows merged so each character is
 * searched once (a turn full of cues stays linear). Window edges are widened to whole tokens (at most 20 characters each way).
 */
function cueWindows(text: string): Array<[number, number]> {
  const windows: Array<[number, number]> = [];
  let cues = 0;
  for (const cue of text.matchAll(BIRTH_CUES)) {
    const from = Math.max(0, cue.index - WINDOW_BEFORE);
    if (++cues > MAX_CUES) {
      // A turn stuffed with cues: search the rest of it in one window instead of cue by cue.
      const last = windows[windows.length - 1];
      if (last && from <= last[1]) last[1] = text.length;
      else windows.push([from, text.length]);
      break;
    }
    const to = Math.min(text.length, cue.index + cue[0].length + WINDOW_AFTER);
    const last = windows[windows.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  }
  for (const window of windows) {
    for (let n = 0; n < 20 && window[0] > 0 && !isSpace(text.charCodeAt(window[0] - 1)); n++)
      window[0]--;
    for (let n = 0; n < 20 && window[1] < text.length && !isSpace(text.charCodeAt(window[1])); n++)
      window[1]++;
  }
  return windows;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 0x3000;
}
