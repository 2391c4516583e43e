import type { Token } from './turn-text';

/**
 * Words people drop into a sentence without changing what it says: "i just really want to
 * die", "i lowkey kinda wanna disappear", "죽고 진짜 싶어". Phrases are written without them, so a
 * turn is also matched with them left out. Only words that never turn a sentence around are
 * here: no negations, no "so" ("i'm so done" and "i'm done" differ), no hedges like "maybe".
 */
export const ENGLISH_FILLERS: ReadonlySet<string> = new Set([
  'just',
  'really',
  'rly',
  'realy',
  'like',
  'literally',
  'honestly',
  'kinda',
  'sorta',
  'lowkey',
  'highkey',
  'fr',
  'ngl',
  'tbh',
  'lol',
  'lmao',
  'actually',
  'totally',
  'seriously',
  'srsly',
  'basically',
  'genuinely',
  'truly',
  'legit',
  'simply',
  'even',
  'still',
  'also',
  'um',
  'umm',
  'uh',
  'uhh',
]);

/** Korean adverbs of the same kind, as whole words (진짜 in 진짜로 is its own entry). */
export const KOREAN_FILLERS: ReadonlySet<string> = new Set([
  '진짜',
  '진짜로',
  '찐으로',
  '정말',
  '정말로',
  '진심',
  '진심으로',
  '그냥',
  '걍',
  '좀',
  '막',
  '완전',
  '너무',
  '넘',
  '솔직히',
  '되게',
  '엄청',
  '레알',
  '약간',
]);

/**
 * The tokens without the English fillers between two other words, and `gaps`: the index (in
 * `tokens`) of each word that followed a left-out filler. Null when there are none. A filler at
 * either end stays: leaving it out changes no phrase match.
 */
export type TokensWithoutFillers = { tokens: Token[]; gaps: number[] };

export function withoutEnglishFillers(all: readonly Token[]): TokensWithoutFillers | null {
  let kept: Token[] | null = null;
  const gaps: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const filler = i > 0 && i < all.length - 1 && ENGLISH_FILLERS.has(all[i].key);
    if (filler) {
      kept ??= all.slice(0, i);
      if (gaps[gaps.length - 1] !== kept.length) gaps.push(kept.length);
    } else if (kept !== null) kept.push(all[i]);
  }
  return kept === null ? null : { tokens: kept, gaps };
}
