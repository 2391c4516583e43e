/**
 * Small helpers shared by the PII detectors. All of them are O(window) per call, so a detector
 * that calls them once per candidate stays linear in the text length.
 */

/** True when `pattern` matches within `before` chars before `start` or `after` chars after `end`. */
export function contextMatches(
  text: string,
  start: number,
  end: number,
  pattern: RegExp,
  before: number,
  after: number,
): boolean {
  const left = text.slice(Math.max(0, start - before), start);
  const right = text.slice(end, Math.min(text.length, end + after));
  return pattern.test(left) || pattern.test(right);
}

/** True when `pattern` matches within `before` chars before `start`. */
export function precededBy(text: string, start: number, pattern: RegExp, before: number): boolean {
  return pattern.test(text.slice(Math.max(0, start - before), start));
}

/** Only the ASCII digits of a string. */
export function digitsOf(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) out += value[i];
  }
  return out;
}

let countedText: string | null = null;
let countedDigits = 0;

/**
 * Number of ASCII digits in the text: the cheap pre-filter most PII detectors start with.
 * The detectors run one after another on the same turn, so the last answer is remembered.
 */
export function countDigits(text: string): number {
  if (text === countedText) return countedDigits;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) count++;
  }
  countedText = text;
  countedDigits = count;
  return count;
}

/** Luhn (mod 10) check over a digit string. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Whether year/month/day is a real calendar date. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** Words that announce an order, invoice or tracking number: digits after them are not PII. */
export const ORDER_NUMBER_CONTEXT =
  /(?:order|invoice|tracking|receipt|confirmation|ticket|reference|ref\.?|booking|shipment|parcel|serial|model|sku|주문|송장|운송장|예약번호|접수번호|영수증|일련번호|모델)\s*(?:no\.?|number|num|id|#|번호)?\s*[:#]?\s*$/i;

/**
 * "O1O-1234-5678", "4111-l111-1111-1111": letters O/o and l/I written for 0 and 1 next to digits.
 * Replacement is one character for one, so offsets in the result are offsets in the text.
 */
export function lettersAsDigits(text: string): string {
  if (!/\d[OolI]|[OolI]\d/.test(text)) return text;
  return text.replace(
    /(?<=[\d\s.-])[OolI]+(?=[\d\s.-])|(?<![A-Za-z])[OolI](?=\d)|(?<=\d)[OolI](?![A-Za-z])/g,
    (run) => run.replace(/[Oo]/g, '0').replace(/[lI]/g, '1'),
  );
}

/**
 * The zero of every run of ten decimal digits in the BMP that people type numbers with: Arabic-Indic,
 * Persian, N'Ko, Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada,
 * Malayalam, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian.
 */
const DIGIT_ZEROS = [
  0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66,
  0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x17e0, 0x1810,
];
const NATIVE_DIGIT = new RegExp(
  `[${DIGIT_ZEROS.map((zero) => `\\u${zero.toString(16).padStart(4, '0')}-\\u${(zero + 9).toString(16).padStart(4, '0')}`).join('')}]`,
  'g',
);

function asciiDigit(char: string): string {
  const code = char.charCodeAt(0);
  const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9) ?? code;
  return String.fromCharCode(0x30 + code - zero);
}

/**
 * Full-width digits, letters and punctuation ("０１０－４８２１") and other scripts' digits
 * ("٠٥٠١٢٣٤٥٦٧", "९८७६५४३२१०") as ASCII, one unit for one, so spans stay where they were.
 */
export function foldFullWidth(text: string): string {
  let folded = text;
  if (/[\uff01-\uff5e]/.test(folded)) {
    folded = folded.replace(/[\uff01-\uff5e]/g, (c) =>
      String.fromCharCode(c.charCodeAt(0) - 0xfee0),
    );
  }
  NATIVE_DIGIT.lastIndex = 0;
  return NATIVE_DIGIT.test(folded) ? folded.replace(NATIVE_DIGIT, asciiDigit) : folded;
}

/**
 * Emoji or decorative symbols typed between digit groups ("4539 🔥 9317", "010✨4821"), read as
 * a dash. Slashes and asterisks stay (dates, maths).
 */
export const SYMBOL_SEPARATOR =
  /(?<=\d)\s?(?:\p{Extended_Pictographic}|[\u2600-\u27bf\u2b50\u2661\u2665\u2605\u2606\u2022\u00b7~|])[\ufe0f\u200d\p{Extended_Pictographic}\p{Emoji_Modifier}]*\s?(?=\d)/gu;

/**
 * A copy of `text` with each match of `pattern` replaced by `replacement`, and for every index
 * of the copy the index in `text` it came from; undefined when nothing matched.
 */
export function compactWithMap(
  text: string,
  pattern: RegExp,
  replacement: (match: string) => string,
): { compact: string; origin: number[] } | undefined {
  pattern.lastIndex = 0;
  let compact = '';
  const origin: number[] = [];
  let last = 0;
  let any = false;
  for (const m of text.matchAll(pattern)) {
    any = true;
    for (let i = last; i < m.index; i++) {
      compact += text[i];
      origin.push(i);
    }
    const rep = replacement(m[0]);
    for (let i = 0; i < rep.length; i++) {
      compact += rep[i];
      origin.push(m.index + Math.min(i, m[0].length - 1));
    }
    last = m.index + m[0].length;
  }
  if (!any) return undefined;
  for (let i = last; i < text.length; i++) {
    compact += text[i];
    origin.push(i);
  }
  return { compact, origin };
}
