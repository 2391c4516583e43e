import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';

/**
 * Street-level addresses.
 * - US: house number + street name + street type ("123 Main St", "4500 N. Lake Shore Drive").
 *   Lower-case text only counts with an unambiguous type (st, ave, blvd, street, avenue ...),
 *   and function words inside the name ("3 blocks down the road") reject the candidate.
 * - Korean: road-name addresses ("테헤란로 123", "강남대로45길 6"), lot addresses
 *   ("역삼동 123-45", "...번지") and apartment units ("101동 1203호"). A number followed by a
 *   counter ("학교로 3시에", "집으로 5분") is not an address.
 */
const US_ADDRESS =
  /(?<![\w-])(\d{1,6}[A-Za-z]?)\s+((?:(?:[NSEW]|North|South|East|West|NE|NW|SE|SW)\.?\s+)?(?:[A-Za-z0-9'][A-Za-z0-9'.-]{0,24}\s+){1,4}?)(St|Street|Ave|Avenue|Av|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Ct|Court|Pl|Place|Way|Ter|Terrace|Pkwy|Parkway|Hwy|Highway|Cir|Circle|Sq|Square|Trl|Trail|Pike|Loop)\b\.?((?:,?\s+(?:Apt|Apartment|Suite|Ste|Unit|#)\.?\s*#?\s*[A-Za-z0-9-]{1,8})?)/gi;
/** US_ADDRESS's street types as whole words: without one, the costly pattern cannot match. */
const US_STREET_TYPE =
  /\b(?:St|Street|Ave|Avenue|Av|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Ct|Court|Pl|Place|Way|Ter|Terrace|Pkwy|Parkway|Hwy|Highway|Cir|Circle|Sq|Square|Trl|Trail|Pike|Loop)\b/i;
/** Types that are never ordinary words after a number and a name. */
const STRONG_TYPES = new Set([
  'st',
  'street',
  'ave',
  'avenue',
  'av',
  'blvd',
  'boulevard',
  'rd',
  'ln',
  'ct',
  'pkwy',
  'parkway',
  'hwy',
  'highway',
  'ter',
  'cir',
  'trl',
  'sq',
]);
/**
 * Before a lower-case address with a weak type ("742 evergreen terrace", "12 oak drive"): a cue
 * that a place of residence or delivery follows ("i live at", "im at", "address is", "send it to").
 */
const RESIDENCE_BEFORE =
  /(?:\b(?:live|lives|living|stay|stays|staying|moved|moving)\s+(?:at|on|to)|\b(?:i'?m|i\s+am|we'?re|we\s+are|he'?s|she'?s|they'?re)\s+at|\baddress(?:\s+is)?\s*:?|\b(?:send|ship|mail|deliver|bring)\s+(?:it\s+|them\s+|that\s+|the\s+\w+\s+)?to|\bcome\s+(?:over\s+)?to|\bpick\s+(?:me|us)\s+up\s+at|\b(?:my|our|his|her|their)\s+(?:house|place|home|apartment|apt)\s+is(?:\s+at)?)\s*$/i;
const FUNCTION_WORDS = new Set(
  'the a an to down up on in at of and or my your his her our their this that these those for from with by into across along over through near past around miles mile blocks block times minutes hours days weeks years people cars dogs cats more less than very is are was were be it its i you we they he she me us them just only other another same each every no not some any many much few all both easy hard long short best first last next one two three'.split(
    ' ',
  ),
);

/** Counters written right after a number ("3시", "5분", "6살") mean a quantity, not an address. */
const HANGUL_COUNTERS =
  /^(?:분|시|초|개|명|살|번|회|차|등|위|배|일|월|년|원|달러|만|천|억|권|장|잔|병|마리|대|점|킬로|키로|미터|km|m\b|정거장|역|시간|주|퍼센트|%|학년|반|층\s*건물)/i;
/** Counters that also follow after a space ("10 정거장", "5 분"). */
const SPACED_COUNTERS = /^\s(?:분|시간|정거장|킬로|키로|미터|km|명|개|번째|마리|살\b)/i;

function quantityFollows(text: string, end: number): boolean {
  const next = text.slice(end, end + 6);
  return HANGUL_COUNTERS.test(next) || SPACED_COUNTERS.test(next);
}

const ADMIN = String.raw`(?:[가-힣]{1,10}(?:특별시|광역시|특별자치시|특별자치도|시|도|군|구|읍|면)\s+){0,4}`;
const ROAD = new RegExp(
  String.raw`(?<![가-힣])(${ADMIN})([가-힣A-Za-z0-9]{1,12}?(?:대로|로|길))\s?(\d{1,4}(?:번?길)?)(?:\s?(\d{1,4}))?(?:-(\d{1,4}))?`,
  'g',
);
const LOT = new RegExp(
  String.raw`(?<![가-힣])(${ADMIN})([가-힣]{1,8}(?:동|리|가))\s?(\d{1,5})(-\d{1,5})?(\s?번지)?`,
  'g',
);
/** What ROAD, LOT and UNIT each need somewhere in the turn (cheap checks before them). */
const ROAD_CUE = /[로길]\s?\d/;
const LOT_CUE = /[동리가]\s?\d/;
const UNIT_CUE = /호/;
const UNIT =
  /(?<!\d)\d{1,4}\s?동\s?\d{1,5}\s?호(?![가-힣])|(?<![가-힣\d])(?:아파트|빌라|오피스텔|맨션|apt)\s?\d{1,4}\s?호/gi;

/** Common words ending in 동/리/로 that are not place names. */
const NOT_PLACE = new Set([
  '운동',
  '행동',
  '활동',
  '이동',
  '자동',
  '감동',
  '노동',
  '충동',
  '변동',
  '작동',
  '출동',
  '소동',
  '폭동',
  '공동',
  '진동',
  '난동',
  '선동',
  '유동',
  '협동',
  '우리',
  '거리',
  '소리',
  '머리',
  '자리',
  '요리',
  '다리',
  '정리',
  '관리',
  '처리',
  '유리',
  '무리',
  '추리',
  '꼬리',
  '마리',
  '차로',
  '이로',
  '그래서로',
  '때문에로',
  '진로',
  '경로',
  '통로',
  '도로',
  '항로',
  '수로',
  '미로',
  '퇴로',
  '활로',
  '선로',
  '회로',
  '대로',
  '더',
  '가',
]);

function roadNameIsParticle(name: string): boolean {
  // "집으로", "학교로", "버스로": the particle (으)로 after an ordinary noun.
  return name.endsWith('으로') || NOT_PLACE.has(name) || name.length < 2;
}

export class AddressDetector implements TextDetector {
  readonly id = 'pii.address';
  readonly subcategories = ['address'] as const;

  detect(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    if (/\d/.test(text)) {
      if (/[A-Za-z]/.test(text) && US_STREET_TYPE.test(text)) this.findUs(text, hits);
      if (/[가-힣]/.test(text)) this.findKorean(text, hits);
    }
    return dedupe(hits);
  }

  private findUs(text: string, hits: DetectorHit[]): void {
    for (const m of text.matchAll(US_ADDRESS)) {
      const nameWords = m[2].trim().split(/\s+/);
      const type = m[3].toLowerCase();
      if (nameWords.some((w) => FUNCTION_WORDS.has(w.toLowerCase().replace(/\.$/, '')))) continue;
      const capitalised = nameWords.every((w) => /^[A-Z0-9]/.test(w)) && /^[A-Z]/.test(m[3]);
      if (
        !capitalised &&
        !STRONG_TYPES.has(type) &&
        !RESIDENCE_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))
      )
        continue;
      hits.push({
        subcategory: 'address',
        start: m.index,
        end: m.index + m[0].length,
        validated: false,
        confidence: capitalised ? 0.9 : 0.75,
        facts: { country: 'US', kind: 'street', unit: m[4] !== '' },
      });
    }
  }

  private findKorean(text: string, hits: DetectorHit[]): void {
    if (ROAD_CUE.test(text)) this.findRoads(text, hits);
    if (LOT_CUE.test(text)) this.findLots(text, hits);
    if (UNIT_CUE.test(text)) {
      for (const m of text.matchAll(UNIT)) {
        hits.push(this.korean(m.index, m.index + m[0].length, 'unit'));
      }
    }
  }

  private findRoads(text: string, hits: DetectorHit[]): void {
    for (const m of text.matchAll(ROAD)) {
      const admin = m[1];
      const name = m[2];
      if (roadNameIsParticle(name)) continue;
      const end = m.index + m[0].length;
      if (quantityFollows(text, end) && !m[5]) continue;
      // Without a city/district before it, only a road name ending 대로/로/길 with 2+ syllables
      // and a building number counts; "서울로 2" style phrases stay out.
      if (admin === '' && !/[가-힣]{2,}(?:대로|로|길)$/.test(name)) continue;
      hits.push(this.korean(m.index, end, 'road'));
    }
  }

  private findLots(text: string, hits: DetectorHit[]): void {
    for (const m of text.matchAll(LOT)) {
      const admin = m[1];
      const name = m[2];
      const end = m.index + m[0].length;
      if (NOT_PLACE.has(name) || name.length < 2) continue;
      if (name.endsWith('리') && admin === '') continue;
      const strong = m[4] !== undefined || m[5] !== undefined || admin !== '';
      if (!strong) continue;
      if (quantityFollows(text, end) && !m[4]) continue;
      hits.push(this.korean(m.index, end, 'lot'));
    }
  }

  private korean(start: number, end: number, kind: string): DetectorHit {
    return { subcategory: 'address', start, end, validated: false, facts: { country: 'KR', kind } };
  }
}

/** Overlapping hits (a road address that also contains a unit) become one span. */
function dedupe(hits: DetectorHit[]): DetectorHit[] {
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: DetectorHit[] = [];
  for (const h of hits) {
    const last = out[out.length - 1];
    if (last && h.start < last.end) {
      last.end = Math.max(last.end, h.end);
      continue;
    }
    out.push({ ...h });
  }
  return out;
}
