import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import {
  compactWithMap,
  foldFullWidth,
  SYMBOL_SEPARATOR,
  countDigits,
  digitsOf,
  lettersAsDigits,
  ORDER_NUMBER_CONTEXT,
  passesLuhn,
  precededBy,
} from './text-window';

/**
 * Payment card numbers: 13-19 digits, ungrouped or grouped by single spaces/dashes, in a known
 * issuer (IIN) range and passing Luhn. Numbers after "order/invoice/tracking" words are skipped
 * unless a card word is also near.
 */
/** Groups apart by spaces, dashes or dots ("4006.3089.0501.0354"); the grouping is checked below. */
const CANDIDATE = /(?<![\d.,-])\d(?:[ .-]?\d){12,18}(?![\d]|[.,]\d|-\d)/g;
const MIN_CARD_DIGITS = 13;
const CARD_WORDS = /card|credit|debit|visa|master|amex|카드|신용|체크/i;

type Brand = { name: string; lengths: number[]; prefix: (d: string) => boolean };

const between = (d: string, len: number, lo: number, hi: number): boolean => {
  const v = Number(d.slice(0, len));
  return v >= lo && v <= hi;
};

/** Issuer ranges, most specific first. */
const BRANDS: Brand[] = [
  { name: 'amex', lengths: [15], prefix: (d) => /^3[47]/.test(d) },
  { name: 'diners', lengths: [14, 16, 19], prefix: (d) => /^3(?:0[0-5]|095|6|[89])/.test(d) },
  { name: 'jcb', lengths: [16, 17, 18, 19], prefix: (d) => between(d, 4, 3528, 3589) },
  {
    name: 'mastercard',
    lengths: [16],
    prefix: (d) => between(d, 2, 51, 55) || between(d, 4, 2221, 2720),
  },
  {
    name: 'discover',
    lengths: [16, 17, 18, 19],
    prefix: (d) => /^(?:6011|64[4-9]|65)/.test(d) || between(d, 6, 622126, 622925),
  },
  { name: 'unionpay', lengths: [16, 17, 18, 19], prefix: (d) => /^62/.test(d) },
  { name: 'visa', lengths: [13, 16, 19], prefix: (d) => d.startsWith('4') },
  { name: 'bc', lengths: [16], prefix: (d) => /^9[0-9]/.test(d) },
  {
    name: 'maestro',
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    prefix: (d) => /^(?:5[06-9]|6[37])/.test(d),
  },
];

/** Separators must form regular groups (4-4-4-4, 4-6-5, 4-4-4-4-3 ...) or be absent. */
function hasCardGrouping(raw: string): boolean {
  if (!/[ .-]/.test(raw)) return true;
  // dots only as the one separator: "1234.5678 9012-3456" is not a card
  if (raw.includes('.') && /[ -]/.test(raw)) return false;
  const groups = raw.split(/[ .-]/).map((g) => g.length);
  if (
    groups.length === 3 &&
    groups[0] === 4 &&
    groups[1] === 6 &&
    (groups[2] === 5 || groups[2] === 4)
  ) {
    return true;
  }
  return groups.every((len, i) => (i === groups.length - 1 ? len >= 1 && len <= 4 : len === 4));
}

export class PaymentCardDetector implements TextDetector {
  readonly id = 'pii.payment_card';
  readonly subcategories = ['payment_card'] as const;

  detect(original: string): DetectorHit[] {
    const text = foldFullWidth(original);
    // A card number has at least 13 digits: most turns never need the candidate scan.
    if (countDigits(text) < MIN_CARD_DIGITS) return [];
    const hits = this.scan(text);
    // "4539 🔥 9317 🔥 6950 🔥 2475": emoji between the groups read as a space, spans mapped back
    const mapped = compactWithMap(text, SYMBOL_SEPARATOR, () => ' ');
    if (mapped) {
      for (const h of this.scan(mapped.compact)) {
        const start = mapped.origin[h.start];
        const end = mapped.origin[h.end - 1] + 1;
        if (!hits.some((o) => o.start < end && start < o.end)) hits.push({ ...h, start, end });
      }
    }
    return hits;
  }

  private scan(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    // "4111-l111-1111-1111": l/I and O typed for 1 and 0 (one character for one, offsets kept)
    for (const m of lettersAsDigits(text).matchAll(CANDIDATE)) {
      const raw = m[0];
      const digits = digitsOf(raw);
      if (!hasCardGrouping(raw) || !passesLuhn(digits)) continue;
      if (/^(\d)\1+$/.test(digits)) continue;
      const brand = BRANDS.find((b) => b.lengths.includes(digits.length) && b.prefix(digits));
      if (!brand) continue;
      const start = m.index;
      const end = start + raw.length;
      // dotted groups after a version word are a build number ("version 4006.3089.0501.0354")
      if (
        raw.includes('.') &&
        /\b(?:version|ver|v|build|release|rev)\.?\s*$/i.test(
          text.slice(Math.max(0, start - 12), start),
        )
      )
        continue;
      const nearCardWord = CARD_WORDS.test(text.slice(Math.max(0, start - 40), end + 20));
      if (!nearCardWord && precededBy(text, start, ORDER_NUMBER_CONTEXT, 30)) continue;
      hits.push({
        subcategory: 'payment_card',
        start,
        end,
        validated: true,
        facts: { brand: brand.name, digits: digits.length, context: nearCardWord },
      });
    }
    return hits;
  }
}
