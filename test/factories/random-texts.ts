/**
 * Deterministic random strings built from a pool of characters: for specs that check a
 * hand-written scanner gives the same answers as the regular expression it replaces. The
 * same seed gives the same texts on every run (a linear congruential generator, not
 * Math.random), so a failure can be reproduced.
 */
export function randomTexts(
  pool: readonly string[],
  options: { count: number; maxLength: number; seed: number },
): string[] {
  let seed = options.seed;
  const random = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const texts: string[] = [];
  for (let k = 0; k < options.count; k++) {
    let text = '';
    const length = 1 + Math.floor(random() * options.maxLength);
    for (let i = 0; i < length; i++) text += pool[Math.floor(random() * pool.length)];
    texts.push(text);
  }
  return texts;
}
