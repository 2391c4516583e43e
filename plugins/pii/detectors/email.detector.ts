import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';

/**
 * Email addresses, plain (`jane.doe@example.co.kr`) and spelled out to dodge filters
 * (`jane dot doe at gmail dot com`, `jane(at)gmail.com`, `jane 골뱅이 naver 닷 com`).
 * Every quantifier is bounded and each match must start at a token boundary, so the scan is linear.
 */
/** Seven or more single characters, each apart from the next by one space. */
const SPACED_RUN = /(?<!\S)(?:\S ){6,}\S(?!\S)/g;
const PLAIN_EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}([A-Za-z]{2,24})(?![A-Za-z0-9-])/g;

/** "at" spelled in the languages users write in: arroba (es, pt), arobase (fr), chiocciola (it), собака (ru). */
const AT_WORD = String.raw`(?:at|arroba|arobase|chiocciola|klammeraffe|собака)`;
/** "dot" spelled out: punto (es, it), ponto (pt), point (fr), punkt (de), точка (ru), nokta (tr), titik (id), chấm (vi). */
const DOT_WORD = String.raw`(?:dot|punto|ponto|point|punkt|точка|nokta|titik|chấm)`;
const AT = String.raw`(?:\s*[\(\[\{<]\s*(?:${AT_WORD}|@)\s*[\)\]\}>]\s*|\s+${AT_WORD}\s+|\s*(?:골뱅이|アットマーク|艾特)\s*|\s*@\s+|\s+@\s*)`;
const DOT = String.raw`(?:\s*[\(\[\{<]\s*(?:${DOT_WORD}|\.)\s*[\)\]\}>]\s*|\s+${DOT_WORD}\s+|\s*(?:닷|쩜|점|ドット)\s*|\s?\.\s?)`;
const LABEL = String.raw`[A-Za-z0-9][A-Za-z0-9-]{0,62}`;
/** Top-level domains a spelled-out address may end with ("at" itself is left out: "meet at 5 dot at"). */
const TLDS = String.raw`(com|net|org|edu|gov|io|co|kr|me|info|biz|us|uk|jp|de|fr|ca|au|es|it|pt|br|mx|ar|ru|cn|in|id|vn|tr|nl|pl|se|ch|be|tw|hk|sg|ph|th|my|cl|dev|app)`;
/** Spelled-out form; only well-known TLDs so "meet me at home dot" style chatter never fires. */
const SPELLED_EMAIL = new RegExp(
  String.raw`(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}${AT}(?:${LABEL}${DOT}){1,4}${TLDS}(?![A-Za-z0-9-])`,
  'gi',
);

const MAIL_PROVIDER = new RegExp(
  String.raw`\b(?:gmail|googlemail|naver|daum|hanmail|kakao|nate|yahoo|hotmail|outlook|live|icloud|me|proton(?:mail)?|aol|orange|free|wanadoo|gmx|web|yandex|mail|qq|163|libero|uol|bol|terra)\s*(?:\.|${DOT_WORD}|닷)`,
  'i',
);
const MAIL_WORD = /e-?mail|메일|이메일|mail\s+me|contact|correo|courriel|メール|邮箱|почт|adresse/i;
/** More addresses than this in one turn add nothing; keeps the overlap checks bounded. */
const MAX_HITS = 32;
const SPELLED_AT_CUE =
  /\b(?:at|arroba|arobase|chiocciola|klammeraffe)\b|собака|골뱅이|アットマーク|艾特|@/i;
/**
 * What every spelled-out address ends with: a dot form, then a listed TLD. " at " and "."
 * are in most English turns; this pair is not, so the full pattern rarely has to run.
 */
const SPELLED_TLD_CUE = new RegExp(
  String.raw`(?:\.|${DOT_WORD}|닷|쩜|점|ドット)\s*[)\]}>]?\s*${TLDS}(?![A-Za-z0-9-])`,
  'i',
);

/** The English " at " is everyday chatter; with only a real or a foreign-word dot it needs a mail cue. */
const BARE_AT = /\sat\s/i;
const SPELLED_DOT = /dot|닷|쩜|점|ドット|[([{<]/i;

/** File names such as `logo@2x.png` are not addresses. */
const FILE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'bmp', 'ico', 'pdf']);

export class EmailDetector implements TextDetector {
  readonly id = 'pii.email';
  readonly subcategories = ['email'] as const;

  detect(original: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    // full-width forms ("minji＠naver．com") read as ASCII, one unit for one so offsets hold
    const text = /[\uff01-\uff5e\u3002]/.test(original)
      ? original.replace(/[\uff01-\uff5e\u3002]/g, (c) =>
          c === '\u3002' ? '.' : String.fromCharCode(c.charCodeAt(0) - 0xfee0),
        )
      : original;
    const hasAt = text.includes('@');
    // letters spaced one by one to get past filters: "j a n e . d o e @ g m a i l . c o m"
    if (hasAt && /\S \S \S/.test(text)) {
      for (const m of text.matchAll(SPACED_RUN)) {
        if (hits.length >= MAX_HITS || !m[0].includes('@')) continue;
        const compact = m[0].replace(/ /g, '');
        PLAIN_EMAIL.lastIndex = 0;
        const e = PLAIN_EMAIL.exec(compact);
        PLAIN_EMAIL.lastIndex = 0;
        if (!e || e[0].length < compact.length - 2) continue;
        const tld = e[1].toLowerCase();
        if (FILE_EXTENSIONS.has(tld)) continue;
        hits.push(this.hit(m.index, m.index + m[0].length, tld, false));
      }
    }
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
        if (BARE_AT.test(m[0]) && !SPELLED_DOT.test(m[0])) {
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
