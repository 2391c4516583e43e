/**
 * Per-character folding tables: invisible characters, look-alike letters from other scripts,
 * and the digits/symbols people substitute for letters ("leetspeak").
 */

/** Zero-width characters, soft hyphen, joiners, BOM, variation selectors: dropped. */
export function isInvisible(codePoint: number): boolean {
  return (
    codePoint === 0x00ad ||
    codePoint === 0x034f ||
    codePoint === 0x061c ||
    codePoint === 0x115f ||
    codePoint === 0x1160 ||
    codePoint === 0x180e ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x2064) ||
    codePoint === 0x3164 ||
    codePoint === 0xfeff ||
    codePoint === 0xffa0 ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0xe0100 && codePoint <= 0xe01ef)
  );
}

/**
 * Latin letters with a stroke, which NFKD leaves whole, as the plain letter people type for
 * them on keyboards without them: "wlamac" for "włamać", "sostre" for "søstre". One letter
 * for one, lower-cased. Vietnamese đ stays: packs tell words apart by it that would read as
 * common words of other languages without it (đĩ as Indonesian and Italian "di", đạo as "dao").
 */
const STROKE_LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'l',
  ø: 'o',
  Ø: 'o',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
};
const STROKE_LETTER = new RegExp(`[${Object.keys(STROKE_LETTERS).join('')}]`, 'g');

/** The plain letter for a letter with a stroke (see STROKE_LETTERS), or null. */
export function strokeLetterFold(codePoint: number): string | null {
  return STROKE_LETTERS[String.fromCodePoint(codePoint)] ?? null;
}

/**
 * A text with its stroke letters folded as turns fold them: for `regex` patterns, which read
 * the normalised text but are not normalised themselves.
 */
export function strokeLettersFolded(text: string): string {
  return text.replace(STROKE_LETTER, (char) => STROKE_LETTERS[char]);
}

/** Cyrillic, Greek and small-capital letters (already lower-cased) that look like Latin ones. */
export const HOMOGLYPHS: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ɡ: 'g',
  ӏ: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ɑ: 'a',
  ı: 'i',
  μ: 'u',
  ѵ: 'v',
  ԛ: 'q',
  ԝ: 'w',
  ℓ: 'l',
  // Latin small capitals ("fancy text" generators): Unicode gives them no compatibility
  // decomposition, so NFKC leaves "ᴋɪʟʟ ʏᴏᴜʀꜱᴇʟꜰ" as it is. X has no small capital.
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ꜰ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};

/** Digits and symbols read as letters inside words: k1ll, $uicide, h@te, sh!t. */
export const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '€': 'e',
};

export function isLeetChar(char: string): boolean {
  return LEET[char] !== undefined;
}
