import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';

/**
 * Email addresses, plain (`jane.doe@example.co.kr`) and spelled out to dodge filters
 * (`jane dot doe at gmail dot com`, `jane(at)gmail.com`, `jane 골뱅이 naver 닷 com`).
 * Every quantifier is bounded and each match must start at a token boundary, so the scan is linear.
 */
const PLAIN_EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}([A-Za-z]{2,24})(?![A-Za-z0-9-])/g;

const AT = String.raw`(?:\s*[\(\[\{<]\s*(?:at|@)\s*[\)\]\}>]\s*|\s+at\s+|\s*골뱅이\s*|\s*@\s+|\s+@\s*)`;
const DOT = String.raw`(?:\s*[\(\[\{<]\s*(?:dot|\.)\s*[\)\]\}>]\s*|\s+dot\s+|\s*닷\s*|\s*쩜\s*|\s*점\s*|\.)`;
const LABEL = String.raw`[A-Za-z0-9][A-Za-z0-9-]{0,62}`;
/** Spelled-out form; only well-known TLDs so "meet me at home dot" style chatter never fires. */
const SPELLED_EMAIL = new RegExp(
  String.raw`(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}${AT}(?:${LABEL}${DOT}){1,4}(com|net|org|edu|gov|io|co|kr|me|info|biz|us|uk|jp|de|fr|ca|au)(?![A-Za-z0-9-])`,
  'gi',
);

const MAIL_PROVIDER =
  /\b(?:gmail|googlemail|naver|daum|hanmail|kakao|nate|yahoo|hotmail|outlook|live|icloud|me|proton(?:mail)?|aol)\s*(?:\.|dot|닷)/i;
const MAIL_WORD = /e-?mail|메일|이메일|mail\s+me|contact/i;
/** More addresses than this in one turn add nothing; keeps the overlap checks bounded. */
const MAX_HITS = 32;
const SPELLED_AT_CUE = /\bat\b|골뱅이|@/i;
/**
 * What every spelled-out address ends with: a dot form, then a listed TLD. " at " and "."
 * are in most English turns; this pair is not, so the full pattern rarely has to run.
 */
const SPELLED_TLD_CUE =
  /(?:\.|dot|닷|쩜|점)\s*[)\]}>]?\s*(?:com|net|org|edu|gov|io|co|kr|me|info|biz|us|uk|jp|de|fr|ca|au)(?![A-Za-z0-9-])/i;

/** File names such as `logo@2x.png` are not addresses. */
const FILE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'bmp', 'ico', 'pdf']);

export class EmailDetector implements TextDetector {
  readonly id = 'pii.email';
  readonly subcategories = ['email'] as const;

  detect(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    const hasAt = text.includes('@');
    if (hasAt) {
      for (const m of text.matchAll(PLAIN_EMAIL)) {
        if (hits.length >= MAX_HITS) break;
        const tld = m[1].toLowerCase();
        if (FILE_EXTENSIONS.has(tld)) continue;
        hits.push(this.hit(m.index, m.index + m[0].length, tld, true));
      }
    }
    if (SPELLED_AT_CUE.test(text) && SPELLED_TLD_CUE.test(text)) {
      for (const m of text.matchAll(SPELLED_EMAIL)) {
        if (hits.length >= MAX_HITS) break;
        const start = m.index;
        const end = start + m[0].length;
        if (hits.some((h) => h.start < end && start < h.end)) continue;
        // "meet me at example.com" names a site; a bare " at " needs a spelled-out dot too.
        // A bare " at " with a real dot is accepted for mail providers or after a mail word.
        if (/\sat\s/i.test(m[0]) && !/dot|닷|쩜|점|[([{<]/i.test(m[0])) {
          const before = text.slice(Math.max(0, start - 30), start);
          if (!MAIL_PROVIDER.test(m[0]) && !MAIL_WORD.test(before)) continue;
        }
        hits.push(this.hit(start, end, m[1].toLowerCase(), false));
      }
    }
    return hits.sort((a, b) => a.start - b.start);
  }

  private hit(start: number, end: number, tld: string, plain: boolean): DetectorHit {
    return {
      subcategory: 'email',
      start,
      end,
      validated: plain,
      confidence: plain ? 1 : 0.85,
      facts: { tld, obfuscated: !plain },
    };
  }
}
