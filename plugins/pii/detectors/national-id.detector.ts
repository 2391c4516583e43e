import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import { contextMatches, countDigits, isCalendarDate } from './text-window';

/**
 * Korean resident registration numbers (주민등록번호) and US Social Security numbers.
 *
 * RRN = YYMMDD-GNNNNNN. G (1-8, or 9/0 for the 1800s) gives sex, century and nationality, so the
 * birth date must be a real date in that century. Numbers issued before October 2020 end in a
 * mod-11 check digit; later ones are random after G, so a failed checksum is kept (with
 * `checksum: false`) when the number is written in the dashed RRN shape or next to an id word.
 *
 * SSN = AAA-GG-SSSS with area not 000/666/9xx, group not 00, serial not 0000. Undashed nine
 * digits are only taken next to an SSN word, since nine digits alone are too common.
 */
const RRN = /(?<![\d-])(\d{2})(\d{2})(\d{2})(\s?[-–]\s?|\s)?([0-9])(\d{6})(?![\d-])/g;
const SSN = /(?<![\d-])(\d{3})([- ]?)(\d{2})\2(\d{4})(?![\d-])/g;
const RRN_WORDS = /주민|주민번호|주민등록|등록번호|resident\s*registration|\brrn\b|외국인등록/i;
const SSN_WORDS =
  /\bssn\b|social\s*security|\b(?:my|his|her|their|your|ur)\s+social\b(?!\s*(?:media|club|life|worker|skills?|battery|anxiety|studies|network|account|page|feed|circle|security))|\bsocial(?:'s|\s+(?:is|number|no|num)\b|\s*[#:])|\bss#|사회보장/i;

const RRN_WEIGHTS = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5];

function centuryFor(genderDigit: number): number {
  if (genderDigit === 9 || genderDigit === 0) return 1800;
  if (genderDigit === 3 || genderDigit === 4 || genderDigit === 7 || genderDigit === 8) return 2000;
  return 1900;
}

export function rrnChecksumValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (digits.charCodeAt(i) - 48) * RRN_WEIGHTS[i];
  return (11 - (sum % 11)) % 10 === digits.charCodeAt(12) - 48;
}

export class NationalIdDetector implements TextDetector {
  readonly id = 'pii.national_id';
  readonly subcategories = ['national_id'] as const;

  detect(text: string): DetectorHit[] {
    if (countDigits(text) < 9) return [];
    const hits = [...this.findRrns(text), ...this.findSsns(text)];
    return hits.sort((a, b) => a.start - b.start);
  }

  private findRrns(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    for (const m of text.matchAll(RRN)) {
      const [raw, yy, mm, dd, dash, g, rest] = m;
      const genderDigit = Number(g);
      const year = centuryFor(genderDigit) + Number(yy);
      if (!isCalendarDate(year, Number(mm), Number(dd))) continue;
      const digits = yy + mm + dd + g + rest;
      const checksum = rrnChecksumValid(digits);
      const start = m.index;
      const end = start + raw.length;
      const context = contextMatches(text, start, end, RRN_WORDS, 30, 10);
      const dashed = dash !== undefined && dash.trim() !== '';
      // Undashed 13 digits are also card/account shaped: only a checksum or an id word vouches.
      if (!checksum && !context && !dashed) continue;
      hits.push({
        subcategory: 'national_id',
        start,
        end,
        validated: checksum || (dashed && context),
        confidence: checksum || context ? 1 : 0.7,
        facts: { country: 'KR', kind: 'rrn', checksum, context },
      });
    }
    return hits;
  }

  private findSsns(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    for (const m of text.matchAll(SSN)) {
      const [raw, area, sep, group, serial] = m;
      const a = Number(area);
      if (a === 0 || a === 666 || a >= 900 || group === '00' || serial === '0000') continue;
      const start = m.index;
      const end = start + raw.length;
      const context = contextMatches(text, start, end, SSN_WORDS, 40, 10);
      const dashed = sep === '-';
      if (!dashed && !context) continue;
      hits.push({
        subcategory: 'national_id',
        start,
        end,
        validated: dashed || context,
        confidence: context ? 1 : 0.8,
        facts: { country: 'US', kind: 'ssn', checksum: false, context },
      });
    }
    return hits;
  }
}
