import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';

/**
 * Encoded blobs that decode to readable text: base64 (and base64url), hex (plain or `\x41`),
 * percent-encoding, and rot13 words. Random ids and hashes decode to binary and are dropped.
 * `instruction` tells rules whether the decoded text reads like a prompt attack.
 * Candidates start only at token boundaries and decoding is capped, so the scan is linear.
 */
const BASE64 = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/=_-])/g;
const HEX = /(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}[ :]?){8,}(?![0-9A-Fa-f])/g;
const ESCAPED_HEX = /(?:\\x[0-9A-Fa-f]{2}){6,}/g;
const PERCENT = /(?:%[0-9A-Fa-f]{2}[^%\s]{0,3}){6,}/g;
const WORD = /[A-Za-z]{4,}/g;
const MAX_DECODE = 8192;

const INSTRUCTION =
  /ignore|disregard|forget|instruction|system\s*prompt|prompt|pretend|you\s+are\s+now|jailbreak|bypass|no\s+(?:rules|limits|restrictions|filters)|unfiltered|developer\s+mode|\bdan\b|how\s+to\s+(?:make|build|kill|hack)|bomb|weapon|kill|password|reveal|secret|무시|지시|프롬프트|비밀|규칙/i;

/** rot13 forms of words that mark an attack; plain English text never contains them. */
const ROT13_MARKERS = new Set(
  [
    'ignore',
    'instructions',
    'previous',
    'system',
    'prompt',
    'disregard',
    'pretend',
    'jailbreak',
    'bypass',
    'password',
    'reveal',
    'secret',
    'rules',
    'restrictions',
    'forget',
    'unfiltered',
    'explain',
    'weapon',
    'bomb',
    'kill',
    'drugs',
    'hack',
    'tell',
    'what',
    'please',
    'how',
    'make',
  ].map(rot13),
);

/**
 * Any marker as a substring (case-insensitive, like the lookup below): turns without one
 * skip the word-by-word scan. Markers shorter than WORD's four letters can never be found.
 */
const ROT13_MARKER_CUE = new RegExp(
  [...ROT13_MARKERS].filter((marker) => marker.length >= 4).join('|'),
  'i',
);

/** Whether the text has a run of at least `min` base64 characters (a linear character scan). */
function hasRun(text: string, min: number): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const base64 =
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      c === 43 ||
      c === 47 ||
      c === 95 ||
      c === 45;
    run = base64 ? run + 1 : 0;
    if (run >= min) return true;
  }
  return false;
}

function countAsciiDigits(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) count++;
  }
  return count;
}

export function rot13(value: string): string {
  return value.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** Share of characters that are letters, digits, spaces or common punctuation (any script). */
function readableText(decoded: string): boolean {
  if (decoded.length < 8 || decoded.includes('\uFFFD')) return false;
  let readable = 0;
  for (const ch of decoded) {
    if (/[\p{L}\p{N}\s.,!?'"():;-]/u.test(ch)) readable++;
  }
  const letters = decoded.match(/\p{L}/gu)?.length ?? 0;
  return readable / decoded.length >= 0.9 && letters >= 6 && /\s/.test(decoded.trim());
}

function decodeBase64(value: string): string {
  const normal = value.replace(/-/g, '+').replace(/_/g, '/');
  return Buffer.from(normal.slice(0, MAX_DECODE), 'base64').toString('utf8');
}

function decodeHex(value: string): string {
  const hex = value.replace(/\\x|[ :]/g, '').slice(0, MAX_DECODE);
  return Buffer.from(hex.length % 2 === 0 ? hex : hex.slice(0, -1), 'hex').toString('utf8');
}

function decodePercent(value: string): string {
  try {
    return decodeURIComponent(value.slice(0, MAX_DECODE));
  } catch {
    return '';
  }
}

export class EncodedPayloadDetector implements TextDetector {
  readonly id = 'jailbreak.encoded_payload';
  readonly subcategories = ['obfuscation'] as const;

  detect(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    if (hasRun(text, 16)) this.scan(text, BASE64, 'base64', decodeBase64, hits);
    // Hex of any text is full of digits (letters are 0x41-0x7a), so digit-poor turns skip it.
    if (countAsciiDigits(text) >= 8) this.scan(text, HEX, 'hex', decodeHex, hits);
    if (text.includes('\\x')) this.scan(text, ESCAPED_HEX, 'hex', decodeHex, hits);
    if (text.includes('%')) this.scan(text, PERCENT, 'url', decodePercent, hits);
    this.findRot13(text, hits);
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    return hits.filter((h, i) => i === 0 || h.start >= hits[i - 1].end);
  }

  private scan(
    text: string,
    pattern: RegExp,
    encoding: string,
    decode: (value: string) => string,
    hits: DetectorHit[],
  ): void {
    for (const m of text.matchAll(pattern)) {
      const raw = m[0].trim();
      // A plain word run ("internationalization") is not base64 of anything meaningful.
      if (encoding === 'base64' && (!/[A-Z]/.test(raw) || !/[a-z]/.test(raw))) continue;
      if (encoding === 'base64' && raw.length % 4 === 1) continue;
      const decoded = decode(raw);
      if (!readableText(decoded)) continue;
      if (decoded.trimStart().startsWith('{"')) continue; // JSON headers of tokens, not prose
      hits.push(this.hit(m.index, m.index + raw.length, encoding, decoded));
    }
  }

  private findRot13(text: string, hits: DetectorHit[]): void {
    let first = -1;
    let last = -1;
    let markers = 0;
    if (!ROT13_MARKER_CUE.test(text)) return;
    for (const m of text.matchAll(WORD)) {
      if (!ROT13_MARKERS.has(m[0].toLowerCase())) continue;
      markers++;
      if (first < 0) first = m.index;
      last = m.index + m[0].length;
    }
    if (markers < 2) return;
    const decoded = rot13(text.slice(first, last));
    hits.push(this.hit(first, last, 'rot13', decoded));
  }

  private hit(start: number, end: number, encoding: string, decoded: string): DetectorHit {
    return {
      subcategory: 'obfuscation',
      start,
      end,
      validated: true,
      facts: { encoding, instruction: INSTRUCTION.test(decoded), length: decoded.length },
    };
  }
}
