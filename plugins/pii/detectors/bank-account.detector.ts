import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import { contextMatches, countDigits, digitsOf } from './text-window';

/**
 * Bank account numbers.
 * - Korean accounts have no public checksum, so a 10-14 digit number (usually dashed, e.g.
 *   110-123-456789, 1002-345-678901) counts only within a short window of a bank/account word.
 * - IBANs are validated by length and the ISO 13616 mod-97 check.
 */
const ACCOUNT_CANDIDATE =
  /(?<![\d-])\d{2,6}(?:-\d{2,7}){1,2}(?:-\d{1,7})?(?![\d-])|(?<![\d-])\d{10,14}(?![\d-])/g;
const ACCOUNT_WORDS =
  /계좌|은행|통장|입금|송금|이체|예금주|account\s*(?:number|no|#)|acct|bank|routing|국민|신한|우리|하나|농협|기업|카카오뱅크|카뱅|토스뱅크|토스|케이뱅크|새마을|우체국|수협|신협|씨티|sc제일|ibk|\bkb\b|\bnh\b|chase|wells\s*fargo|citi/i;
/** Account numbers have 10-14 digits; an IBAN has its two check digits at least. */
const MIN_ACCOUNT_DIGITS = 10;
const MIN_IBAN_DIGITS = 2;
const KR_PHONE_SHAPE = /^01[016789]-?\d{3,4}-?\d{4}$/;
const DATE_SHAPE = /^(?:19|20)\d{2}-\d{1,2}-\d{1,2}$/;

const IBAN_CANDIDATE =
  /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Za-z0-9])/g;
/** ISO 13616 lengths for common countries; others must just be 15-34 characters. */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  CZ: 24,
  DE: 22,
  DK: 18,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HU: 28,
  IE: 22,
  IT: 27,
  LU: 20,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  SE: 24,
  SK: 24,
  TR: 26,
  AE: 23,
  SA: 24,
};

export function ibanValid(compact: string): boolean {
  const expected = IBAN_LENGTHS[compact.slice(0, 2)];
  if (
    expected !== undefined
      ? compact.length !== expected
      : compact.length < 15 || compact.length > 34
  ) {
    return false;
  }
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : ch;
    for (const d of value) remainder = (remainder * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

export class BankAccountDetector implements TextDetector {
  readonly id = 'pii.bank_account';
  readonly subcategories = ['bank_account'] as const;

  detect(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    const digits = countDigits(text);
    if (digits < MIN_IBAN_DIGITS) return hits;
    if (digits >= MIN_ACCOUNT_DIGITS && ACCOUNT_WORDS.test(text)) {
      for (const m of text.matchAll(ACCOUNT_CANDIDATE)) {
        const raw = m[0];
        const digits = digitsOf(raw);
        if (digits.length < 10 || digits.length > 14) continue;
        if (KR_PHONE_SHAPE.test(raw) || DATE_SHAPE.test(raw)) continue;
        const start = m.index;
        const end = start + raw.length;
        if (!contextMatches(text, start, end, ACCOUNT_WORDS, 30, 15)) continue;
        const korean = /[가-힣]/.test(text.slice(Math.max(0, start - 30), end + 15));
        hits.push({
          subcategory: 'bank_account',
          start,
          end,
          validated: false,
          confidence: raw.includes('-') ? 0.9 : 0.75,
          facts: { country: korean ? 'KR' : 'unknown', kind: korean ? 'kr_account' : 'account' },
        });
      }
    }
    for (const m of text.matchAll(IBAN_CANDIDATE)) {
      const compact = m[0].replace(/ /g, '');
      if (!ibanValid(compact)) continue;
      hits.push({
        subcategory: 'bank_account',
        start: m.index,
        end: m.index + m[0].length,
        validated: true,
        facts: { country: compact.slice(0, 2), kind: 'iban' },
      });
    }
    return hits.sort((a, b) => a.start - b.start);
  }
}
