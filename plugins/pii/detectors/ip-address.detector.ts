import { isIPv6 } from 'node:net';
import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import { countDigits, precededBy } from './text-window';

/**
 * IPv4 (four octets 0-255, no leading zeros) and IPv6 addresses. Version strings ("v1.2.3.4",
 * "version 10.0.19041.1", "버전 1.2.3.4") and longer dotted runs are not addresses.
 */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`(?<![\\w.])${OCTET}(?:\\.${OCTET}){3}(?![\\w]|\\.\\d)`, 'g');
/** A colon-bearing hex run; validated with node's strict parser afterwards. */
const IPV6_CANDIDATE =
  /(?<![\w:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:%\w{1,16})?(?![\w:])/g;
/** Four octets hold four digits at least. */
const IPV4_MIN_DIGITS = 4;
/** Two colons with at most four hex digits between them: every IPv6 candidate has that. */
const IPV6_CUE = /:[0-9A-Fa-f]{0,4}:/;
const VERSION_CONTEXT =
  /(?:\bv|\bver\.?|\bversion|\brelease|\bbuild|\bpatch|\bfirmware|버전|빌드|업데이트|패치|\bupdate)\s*$/i;
/** A version word right after the number: "2.5.0.1 in the changelog", "1.2.0.3 patch notes". */
const VERSION_AFTER =
  /^\s*(?:(?:in|of|on)\s+the\s+)?(?:changelog|release|patch|update|build|version|firmware|notes|버전|패치|업데이트)/i;

function isPrivateV4(parts: number[]): boolean {
  const [a, b] = parts;
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

export class IpAddressDetector implements TextDetector {
  readonly id = 'pii.ip_address';
  readonly subcategories = ['ip_address'] as const;

  detect(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    if (countDigits(text) >= IPV4_MIN_DIGITS && text.includes('.')) {
      for (const m of text.matchAll(IPV4)) {
        if (precededBy(text, m.index, VERSION_CONTEXT, 12)) continue;
        const after = m.index + m[0].length;
        if (VERSION_AFTER.test(text.slice(after, after + 24))) continue;
        const parts = m[0].split('.').map(Number);
        hits.push({
          subcategory: 'ip_address',
          start: m.index,
          end: m.index + m[0].length,
          validated: true,
          facts: { version: 4, private: isPrivateV4(parts) },
        });
      }
    }
    if (text.includes(':') && IPV6_CUE.test(text)) {
      for (const m of text.matchAll(IPV6_CANDIDATE)) {
        const raw = m[0];
        const groups = raw.split(':').filter((g) => g !== '').length;
        // Times (12:30:45) and ratios have no "::" and fewer than eight groups.
        if (!raw.includes('::') && groups < 8) continue;
        // A compressed form needs some substance ("fe80::1", "2001:db8::7334"), not "a::b".
        const longGroup = raw.split(':').some((g) => g.length >= 3);
        if (raw.includes('::') && raw !== '::1' && (groups < 2 || (groups < 3 && !longGroup)))
          continue;
        if (!isIPv6(raw.split('%')[0])) continue;
        const lower = raw.toLowerCase();
        hits.push({
          subcategory: 'ip_address',
          start: m.index,
          end: m.index + raw.length,
          validated: true,
          facts: { version: 6, private: lower === '::1' || /^f[cd]|^fe[89ab]/.test(lower) },
        });
      }
    }
    return hits.sort((a, b) => a.start - b.start);
  }
}
