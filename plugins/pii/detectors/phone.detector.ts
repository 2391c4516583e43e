import { findNumbers, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';
import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import {
  compactWithMap,
  contextMatches,
  countDigits,
  foldFullWidth,
  SYMBOL_SEPARATOR,
  digitsOf,
  lettersAsDigits,
  ORDER_NUMBER_CONTEXT,
  precededBy,
} from './text-window';

/**
 * Phone numbers, found and validated by libphonenumber-js: Korean (default region), US and any
 * number in international form. Korean digit words ("공일공 일이삼사 오육칠팔") are read as digits.
 * Dates, times, amounts and order numbers are rejected by the library's own matcher (which refuses
 * date/time shapes) and by the context checks below.
 */
const KOREAN_DIGITS: Record<string, string> = {
  공: '0',
  영: '0',
  일: '1',
  이: '2',
  삼: '3',
  사: '4',
  오: '5',
  육: '6',
  륙: '6',
  칠: '7',
  팔: '8',
  구: '9',
};
/**
 * A run of at least ten Korean digit words, or digit words mixed with digits ("010 이이삼사 5678"),
 * that starts like a Korean number (0 then 1-9).
 */
const KOREAN_DIGIT_RUN =
  /(?<![공영일이삼사오육륙칠팔구0-9])[공영0][\s.-]{0,2}[일이삼사오육륙칠팔구1-9](?:[\s.-]{0,2}[공영일이삼사오육륙칠팔구0-9]){8,12}/g;
/**
 * A Korean digit word next to another or next to a digit, or a run's start with one ("공1공"):
 * KOREAN_DIGIT_RUN may match.
 */
const KOREAN_DIGIT_CUE =
  /[공영][\s.-]{0,2}[일이삼사오육륙칠팔구1-9]|\d[\s.-]{0,2}[공영일이삼사오육륙칠팔구]{2}/;

/**
 * Between digit groups: nothing, one space, or one dot or dash (any dash, see DASHES) with at
 * most one space either side ("010 - 1234 - 5678", "010ㅡ1234ㅡ5678").
 */
const SEPARATOR = String.raw`(?:\s?[.\-\u2010-\u2015\u2212\u3161\u30fc\uff0d_]\s?|\s)?`;

/**
 * Phone-shaped candidates: international (+CC ...), Korean (0XX-XXXX-XXXX, 1588-1234) and North
 * American ((415) 555-2671). Separators are single spaces, dots, dashes or parentheses.
 */
const CANDIDATE = new RegExp(
  [
    String.raw`(?:\+|\b00)\d{1,3}S?\(?\d{1,4}\)?(?:S?\d{2,4}){1,4}`,
    String.raw`\(?0\d{1,2}\)?S?\d{3,4}S?\d{4}`,
    String.raw`1[5-9]\d{2}S?\d{4}`,
    String.raw`\(?[2-9]\d{2}\)?S?\d{3}S?\d{4}`,
    // Other national formats ("0494 92 82 32", "020 7946 0958", "090-1234-5678"), parsed
    // for other regions only next to a phone word.
    String.raw`\(?0\d{1,4}\)?(?:S?\d{2,4}){2,4}`,
  ]
    .map((shape) => String.raw`(?<![\w.+/-])${shape}(?![\w]|[.-]\d)`.replaceAll('S?', SEPARATOR))
    .join('|'),
  'g',
);
/** Dashes people type instead of "-": en and em dashes, the Hangul vowel ㅡ, the long-vowel mark ー. */
const DASHES = /[\u2010-\u2015\u2212\u3161\u30fc\uff0d_]/g;
/**
 * National numbers without a trunk 0 ("612 34 56 78" in Spain, "98765 43210" in India, "8 912 345-67-89"
 * in Russia): too close to amounts and counts to try for KR/US, so only parsed next to a phone word.
 */
const WORDED_CANDIDATE = new RegExp(
  String.raw`(?<![\w.+/-])\(?[1-9]\d{0,4}\)?(?:S?\d{2,5}){2,4}(?![\w]|[.-]\d)`.replaceAll(
    'S?',
    SEPARATOR,
  ),
  'g',
);
const MAX_CANDIDATES = 50;
/**
 * Groups of one to four digits where some single digits are spaced out ("010 - 4 4 1 7 - 2 0 9 3",
 * "010 4 4 1 7 2093"); only kept when three single digits in a row are apart (see findSpacedDigits).
 */
const MIXED_SPACED_DIGITS = /(?<![\w.+/-])\d{1,4}(?:(?: ?[./-] ?| )\d{1,4}){3,14}(?![\w]|[./-]\d)/g;
const THREE_SPACED_SINGLES = /(?:^|\D)\d(?:\D{1,3}\d){2}(?:\D|$)/;
/** Nine to fifteen single digits, each apart from the next by a space, dot or dash. */
const SPACED_DIGITS = /(?<![\w.+-])\d(?:(?: ?[.-] ?| )\d){8,14}(?![\w]|[.-]\d)/g;
/**
 * What must come before a national number without a trunk 0: a phone word, or "my number" and
 * its translations. A bare "number" ("the number 314159265", "lucky number") is not enough.
 */
const WORDED_CUE =
  /phone|\btel\b|tel\.|\bcall\s+(?:me|us|him|her|at|on)\b|mobile|\bcell|whats\s?app|text\s+me|\bfax|\b(?:my|his|her|mi|su|meu|minha|mon|ma|mein|meine)\s+(?:number|n[uú]m[ée]ro|nummer)\b|(?:мой|моя)\s+номер|번호|전화|연락|핸드폰|휴대폰|폰|電話|携帯|番号|电话|手机|號碼|号码|t[ée]l[ée]phone|telefon|tel[ée]fono|телефон|هاتف|رقم|โทร|điện thoại|số|sđt|\bsdt\b|zalo|celular|m[oó]vil|\bcel\b|\bzap\b|nomor|\bhp\b|\bwa\b|numara|微信|kakao|카톡/i;
/** "my order number is 20240315123": an order, account or ticket word before makes it another number. */
const OTHER_NUMBER_WORDS =
  /order|invoice|tracking|receipt|confirmation|ticket|reference|booking|shipment|parcel|serial|model|sku|account|iban|card|passport|주문|송장|예약|계좌|카드|여권|pedido|commande|bestell|konto|cuenta|compte|conta/i;
/** A number named as something else right before it: "my student number is 2021123456", "views: 123 456 789". */
const NAMED_OTHER_NUMBER =
  /(?:(?:student|member(?:ship)?|employee|staff|lucky|favou?rite|flight|seat|room|badge|policy|case|id)\s*(?:id\s*)?(?:number|no\.?|num|#)|views|likes|followers|points|score|population|학번|사번|회원번호)\s*(?:is|was|:|=|of)?\s*$/i;
const COUNT_AFTER =
  /^\s*(?:points?|pts|steps?|people|views|followers|likes|votes|subscribers|times|km|miles|kg|lbs|명|개|회|점|人|点|個)/i;

/** Words that announce a phone number, in the languages the product sees. */
const PHONE_WORDS =
  /phone|\btel\b|tel\.|\bcall|mobile|\bcell|whats\s?app|text\s+me|\bfax|\bnumber\b|번호|전화|연락|핸드폰|휴대폰|폰|電話|携帯|番号|电话|手机|號碼|号码|t[ée]l[ée]phone|telefon|tel[ée]fono|n[uú]m[ée]ro|nummer|номер|телефон|هاتف|رقم|โทร|điện thoại|số|sđt|\bsdt\b|zalo|celular|m[oó]vil|\bcel\b|\bzap\b|nomor|\bhp\b|\bwa\b|numara|\bline\b|微信|カカオ|kakao|카톡/i;
/**
 * Regions tried, after KR and US, for a national-format number next to a phone word; the
 * script of the turn decides which come first. The country is then a best guess (`guessed`).
 */
const LATIN_REGIONS: CountryCode[] = [
  'GB',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'IN',
  'BR',
  'AU',
  'MX',
  'PH',
  'ID',
  'VN',
  'TR',
  'RU',
  'PL',
  'AR',
  'CO',
  'CL',
  'PE',
  'TH',
  'MY',
  'SG',
  'ZA',
  'NG',
  'EG',
  'SA',
  'AE',
  'PK',
];
function regionsFor(text: string): CountryCode[] {
  if (/[\u3040-\u30ff]/.test(text)) return ['JP', ...LATIN_REGIONS];
  if (/[\u4e00-\u9fff]/.test(text)) return ['CN', 'TW', 'HK', ...LATIN_REGIONS];
  if (/[\u0400-\u04ff]/.test(text)) return ['RU', 'UA', ...LATIN_REGIONS];
  if (/[\u0e00-\u0e7f]/.test(text)) return ['TH', ...LATIN_REGIONS];
  if (/[ăâđêôơư\u1ea0-\u1ef9]/i.test(text)) return ['VN', ...LATIN_REGIONS];
  return [...LATIN_REGIONS, 'JP', 'CN'];
}

const MONEY_BEFORE = /(?:[$₩€£¥]|usd|krw|won|price|cost|total|amount|가격|금액|총)\s*$/i;
const MONEY_AFTER = /^\s*(?:원|달러|만원|천원|won|dollars?|usd|krw|₩)/i;

type Found = { start: number; end: number; phone: PhoneNumber; guessed?: boolean };

/**
 * The matches of `pattern` in `text`, at most MAX_CANDIDATES of them (hostile text cannot make
 * the detector parse without end), skipping those that overlap a number already in `found`.
 */
function* freshCandidates(
  text: string,
  pattern: RegExp,
  found: readonly Found[],
): Generator<{ match: string; start: number; end: number }> {
  let budget = MAX_CANDIDATES;
  for (const m of text.matchAll(pattern)) {
    if (budget-- <= 0) return;
    const start = m.index;
    const end = start + m[0].length;
    if (found.some((f) => f.start < end && start < f.end)) continue;
    yield { match: m[0], start, end };
  }
}

export class PhoneDetector implements TextDetector {
  readonly id = 'pii.phone';
  readonly subcategories = ['phone'] as const;

  detect(original: string): DetectorHit[] {
    const text = foldFullWidth(original);
    const found: Found[] = [];
    if (countDigits(text) >= 5) this.findIn(lettersAsDigits(text), found);
    if (countDigits(text) >= 9) this.findWithSymbolSeparators(text, found);
    if (KOREAN_DIGIT_CUE.test(text)) this.findKoreanDigitWords(text, found);
    if (/\d[ .-]{1,3}\d[ .-]{1,3}\d[ .-]{1,3}\d/.test(text)) this.findSpacedDigits(text, found);
    found.sort((a, b) => a.start - b.start);
    const hits: DetectorHit[] = [];
    for (const f of found) {
      if (hits.some((h) => h.start < f.end && f.start < h.end)) continue;
      hits.push({
        subcategory: 'phone',
        start: f.start,
        end: f.end,
        validated: true,
        facts: {
          country: f.phone.country ?? 'unknown',
          type: normaliseType(f.phone.getType()),
          international: /^(?:\+|00)/.test(text.slice(f.start, f.end)),
          guessed: f.guessed === true,
        },
      });
    }
    return hits;
  }

  /**
   * Cheap, strictly shaped candidates first; libphonenumber-js only ever sees a candidate, never
   * the whole turn (its matcher is far too slow on a 16,000-character turn of digits).
   */
  private findIn(text: string, out: Found[]): void {
    this.findCandidates(text, out);
    if (PHONE_WORDS.test(text)) this.findWordedCandidates(text, out);
  }

  /** Reads symbol separators as dashes in a compacted copy and maps the spans back. */
  private findWithSymbolSeparators(text: string, out: Found[]): void {
    const mapped = compactWithMap(text, SYMBOL_SEPARATOR, () => '-');
    if (!mapped) return;
    const found: Found[] = [];
    this.findIn(lettersAsDigits(mapped.compact), found);
    for (const f of found) {
      const start = mapped.origin[f.start];
      const end = mapped.origin[f.end - 1] + 1;
      if (!out.some((o) => o.start < end && start < o.end)) out.push({ ...f, start, end });
    }
  }

  private findWordedCandidates(text: string, out: Found[]): void {
    for (const { match, start, end } of freshCandidates(text, WORDED_CANDIDATE, out)) {
      // national numbers without a trunk 0 have nine digits or more; "12 345 678 steps" is a count
      if (countDigits(match) < 9 || this.looksLikeOtherNumber(text, start, end)) continue;
      // the phone word must come first ("mi número: 612 34 56 78"), and a count is not a number
      if (
        !precededBy(text, start, WORDED_CUE, 40) ||
        /^\d{2}(?:\D+\d{2})+$/.test(match) ||
        precededBy(text, start, OTHER_NUMBER_WORDS, 40) ||
        COUNT_AFTER.test(text.slice(end, end + 12))
      )
        continue;
      const guess = this.parseWithPhoneWord(text, match.replace(DASHES, '-'), start, end);
      if (guess) out.push({ start, end, phone: guess, guessed: true });
    }
  }

  private findCandidates(text: string, out: Found[]): void {
    let budget = MAX_CANDIDATES;
    for (const m of text.matchAll(CANDIDATE)) {
      if (budget-- <= 0) return;
      const start = m.index;
      const end = start + m[0].length;
      if (this.looksLikeOtherNumber(text, start, end)) continue;
      const raw = m[0].replace(DASHES, '-');
      const phone = this.parse(raw);
      if (phone) {
        out.push({ start, end, phone });
        continue;
      }
      const guess = this.parseWithPhoneWord(text, raw, start, end);
      if (guess) out.push({ start, end, phone: guess, guessed: true });
    }
  }

  private parseWithPhoneWord(
    text: string,
    raw: string,
    start: number,
    end: number,
  ): PhoneNumber | undefined {
    if (raw.startsWith('+') || !contextMatches(text, start, end, PHONE_WORDS, 40, 20))
      return undefined;
    for (const region of regionsFor(text)) {
      const phone = parsePhoneNumberFromString(raw, { defaultCountry: region });
      if (phone?.isValid()) return phone;
    }
    return undefined;
  }

  private parse(raw: string): PhoneNumber | undefined {
    const international = /^(?:\+|00)/.test(raw);
    const regions: Array<CountryCode | undefined> = international ? [undefined] : ['KR', 'US'];
    for (const region of regions) {
      const input = raw.startsWith('00') ? `+${raw.slice(2)}` : raw;
      const phone = parsePhoneNumberFromString(
        input,
        region ? { defaultCountry: region } : undefined,
      );
      if (phone?.isValid()) return this.preferredReading(raw, phone);
    }
    return undefined;
  }

  /**
   * A national-format 10-digit number like "(415) 555-2671" is valid in both Korea and the US;
   * Korean national numbers always start with 0, so a leading non-zero means North America.
   */
  private preferredReading(raw: string, phone: PhoneNumber): PhoneNumber {
    if (raw.trim().startsWith('+')) return phone;
    const digits = digitsOf(raw);
    if (phone.country === 'KR' && digits.length === 10 && digits[0] !== '0') {
      const us = findNumbers(raw, { defaultCountry: 'US', v2: true })[0];
      if (us?.number.isValid()) return us.number;
    }
    return phone;
  }

  private looksLikeOtherNumber(text: string, start: number, end: number): boolean {
    if (precededBy(text, start, ORDER_NUMBER_CONTEXT, 30)) return true;
    if (precededBy(text, start, NAMED_OTHER_NUMBER, 40)) return true;
    if (precededBy(text, start, MONEY_BEFORE, 12)) return true;
    if (MONEY_AFTER.test(text.slice(end, end + 8))) return true;
    const raw = text.slice(start, end);
    // Dotted or slashed date-like groupings (2024.03.15, 2024/03/15) are dates, not numbers.
    if (/^\d{4}[./]\d{1,2}[./]\d{1,2}$/.test(raw)) return true;
    return false;
  }

  /** Digits typed one by one ("0 1 0 - 1 2 3 4 - 5 6 7 8"), read as the number they spell. */
  private findSpacedDigits(text: string, out: Found[]): void {
    this.findSpacedIn(text, SPACED_DIGITS, out);
    this.findSpacedIn(text, MIXED_SPACED_DIGITS, out);
  }

  private findSpacedIn(text: string, pattern: RegExp, out: Found[]): void {
    for (const { match, start, end } of freshCandidates(text, pattern, out)) {
      if (pattern === MIXED_SPACED_DIGITS) {
        const n = countDigits(match);
        if (n < 9 || n > 15 || !THREE_SPACED_SINGLES.test(match)) continue;
      }
      if (this.looksLikeOtherNumber(text, start, end)) continue;
      const digits = digitsOf(match);
      // a counting run ("1 2 3 4 5 6 7 8 9") is not a number: without a trunk 0, a phone word must be near
      const phone =
        (digits.startsWith('0') || contextMatches(text, start, end, PHONE_WORDS, 40, 20)
          ? this.parse(digits)
          : undefined) ?? this.parseWithPhoneWord(text, digits, start, end);
      if (phone) out.push({ start, end, phone });
    }
  }

  private findKoreanDigitWords(text: string, out: Found[]): void {
    for (const m of text.matchAll(KOREAN_DIGIT_RUN)) {
      // plain digits are the other finders' job; here at least one digit word must be read
      if (!/[공영일이삼사오육륙칠팔구]/.test(m[0])) continue;
      // Remember where each digit word ends so a run that swallowed a following word
      // ("... 오육칠팔 이야": 이 is also the digit 2) can be cut back to a valid number.
      let digits = '';
      const ends: number[] = [];
      for (let i = 0; i < m[0].length; i++) {
        const ch = m[0][i];
        const digit = /\d/.test(ch) ? ch : KOREAN_DIGITS[ch];
        if (digit === undefined) continue;
        digits += digit;
        ends.push(i + 1);
      }
      for (let length = Math.min(11, digits.length); length >= 9; length--) {
        const candidate = digits.slice(0, length);
        const found = findNumbers(candidate, { defaultCountry: 'KR', v2: true })[0];
        if (!found || !found.number.isValid() || found.endsAt - found.startsAt !== length) continue;
        const start = m.index;
        const end = start + ends[length - 1];
        if (!out.some((f) => f.start < end && start < f.end))
          out.push({ start, end, phone: found.number });
        break;
      }
    }
  }
}

function normaliseType(type: string | undefined): string {
  switch (type) {
    case 'MOBILE':
      return 'mobile';
    case 'FIXED_LINE':
      return 'fixed_line';
    case 'FIXED_LINE_OR_MOBILE':
      return 'fixed_line_or_mobile';
    case 'TOLL_FREE':
      return 'toll_free';
    case 'VOIP':
      return 'voip';
    default:
      return 'unknown';
  }
}
