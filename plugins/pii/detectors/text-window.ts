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
