/**
 * Same-length folding used by the minor_safety detectors so that offsets found in the folded
 * text are offsets in the original: ASCII lower-case, curly apostrophes to `'`, full-width digits
 * and letters to ASCII. Every replacement is one UTF-16 unit for one, so `folded.length === text.length`.
 */
export function foldSameLength(text: string): string {
  return text.replace(FOLDABLE, foldChar);
}

const FOLDABLE = /[A-Z\u2018\u2019\u02bc\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/g;

function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code <= 90) return String.fromCharCode(code + 32);
  if (code === 0x2019 || code === 0x2018 || code === 0x02bc) return "'";
  if (code <= 0xff19) return String.fromCharCode(code - 0xff10 + 48);
  if (code <= 0xff3a) return String.fromCharCode(code - 0xff21 + 97);
  return String.fromCharCode(code - 0xff41 + 97);
}

/** The part of `text` before `index` that belongs to the same clause (after the last . ! ? ; newline). */
export function clauseBefore(text: string, index: number, maxLength = 60): string {
  const from = Math.max(0, index - maxLength);
  const window = text.slice(from, index);
  const cut = Math.max(
    window.lastIndexOf('.'),
    window.lastIndexOf('!'),
    window.lastIndexOf('?'),
    window.lastIndexOf(';'),
    window.lastIndexOf('\n'),
  );
  return window.slice(cut + 1);
}

const ENGLISH_NUMBER_WORDS: Record<string, number> = {
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
};
const ENGLISH_UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};

/** "fourteen" -> 14, "twenty-five" / "twenty five" -> 25, digits -> number; undefined otherwise. */
export function englishNumber(value: string): number | undefined {
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const [tens, unit] = value.split(/[-\s]+/);
  const base = ENGLISH_NUMBER_WORDS[tens];
  if (base === undefined) return undefined;
  if (unit === undefined) return base;
  const extra = ENGLISH_UNITS[unit];
  return base >= 20 && extra !== undefined ? base + extra : undefined;
}

export const ENGLISH_NUMBER_PATTERN =
  '(?:\\d{1,2}|(?:twenty|thirty|forty|fifty|sixty|seventy)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)';

const KOREAN_UNITS: Record<string, number> = {
  한: 1,
  두: 2,
  세: 3,
  네: 4,
  다섯: 5,
  여섯: 6,
  일곱: 7,
  여덟: 8,
  아홉: 9,
};

/** Native Korean age words: "열네" -> 14, "스무" -> 20, "스물한" -> 21, "아홉" -> 9. */
export function koreanNativeNumber(value: string): number | undefined {
  const compact = value.replace(/\s+/g, '');
  if (compact === '열') return 10;
  if (compact === '스무') return 20;
  if (compact === '서른') return 30;
  const m = /^(열|스물|서른)?(한|두|세|네|다섯|여섯|일곱|여덟|아홉)$/.exec(compact);
  if (!m) return undefined;
  const tens = m[1] === '열' ? 10 : m[1] === '스물' ? 20 : m[1] === '서른' ? 30 : 0;
  return tens + KOREAN_UNITS[m[2]];
}

export const KOREAN_NATIVE_PATTERN =
  '(?:열|스무|서른|(?:열|스물|서른)?\\s?(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉))';
