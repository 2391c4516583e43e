import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';

/**
 * Invisible characters used to smuggle instructions past humans and filters:
 * - Unicode tag characters (U+E0000-U+E007F), which mirror ASCII; emoji flag sequences
 *   (black flag + tags + cancel tag, e.g. the Scotland flag) are legitimate and skipped.
 * - zero-width characters inside words ("k\u200Bi\u200Bl\u200Bl"), at least three of them;
 *   a ZWJ between emoji is legitimate and not counted.
 * - bidirectional overrides (U+202D/U+202E) or several bidi isolates/embeddings.
 * Facts: `kind`, `count`, and for tag characters `instruction` (the hidden ASCII reads like one).
 */
const ZERO_WIDTH = new Set([
  0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x180e, 0x2061, 0x2062, 0x2063, 0x2064,
]);
const BIDI_OVERRIDE = new Set([0x202d, 0x202e]);
const BIDI_OTHER = new Set([0x202a, 0x202b, 0x202c, 0x2066, 0x2067, 0x2068, 0x2069]);
const INSTRUCTION =
  /ignore|instruction|system|prompt|pretend|reveal|password|bypass|forget|disregard/i;

function isEmoji(cp: number | undefined): boolean {
  return cp !== undefined && (cp >= 0x1f000 || (cp >= 0x2600 && cp <= 0x27bf) || cp === 0xfe0f);
}

export class InvisibleTextDetector implements TextDetector {
  readonly id = 'jailbreak.invisible_text';
  readonly subcategories = ['obfuscation'] as const;

  detect(text: string): DetectorHit[] {
    if (!/[\u200b-\u200d\u2060-\u2064\ufeff\u180e\u202a-\u202e\u2066-\u2069\udb40]/.test(text))
      return [];
    const cps: Array<{ cp: number; index: number; length: number }> = [];
    for (let i = 0; i < text.length;) {
      const cp = text.codePointAt(i) ?? 0;
      const length = cp > 0xffff ? 2 : 1;
      cps.push({ cp, index: i, length });
      i += length;
    }
    const hits: DetectorHit[] = [];
    this.tags(cps, hits);
    this.zeroWidth(cps, hits);
    this.bidi(cps, hits);
    return hits.sort((a, b) => a.start - b.start);
  }

  private tags(
    cps: Array<{ cp: number; index: number; length: number }>,
    hits: DetectorHit[],
  ): void {
    let i = 0;
    while (i < cps.length) {
      if (cps[i].cp < 0xe0000 || cps[i].cp > 0xe007f) {
        i++;
        continue;
      }
      const runStart = i;
      let hidden = '';
      while (i < cps.length && cps[i].cp >= 0xe0000 && cps[i].cp <= 0xe007f) {
        if (cps[i].cp >= 0xe0020 && cps[i].cp < 0xe007f)
          hidden += String.fromCharCode(cps[i].cp - 0xe0000);
        i++;
      }
      const afterFlag = runStart > 0 && cps[runStart - 1].cp === 0x1f3f4;
      const endsWithCancel = cps[i - 1].cp === 0xe007f;
      if (afterFlag && endsWithCancel && i - runStart <= 8) continue;
      const start = cps[runStart].index;
      const end = cps[i - 1].index + cps[i - 1].length;
      hits.push({
        subcategory: 'obfuscation',
        start,
        end,
        validated: true,
        facts: {
          kind: 'tag_characters',
          count: i - runStart,
          instruction: INSTRUCTION.test(hidden),
        },
      });
    }
  }

  private zeroWidth(
    cps: Array<{ cp: number; index: number; length: number }>,
    hits: DetectorHit[],
  ): void {
    let count = 0;
    let first = -1;
    let last = -1;
    for (let i = 0; i < cps.length; i++) {
      const { cp, index, length } = cps[i];
      if (!ZERO_WIDTH.has(cp)) continue;
      if (cp === 0xfeff && index === 0) continue; // byte-order mark
      if ((cp === 0x200d || cp === 0x200c) && (isEmoji(cps[i - 1]?.cp) || isEmoji(cps[i + 1]?.cp)))
        continue;
      count++;
      if (first < 0) first = index;
      last = index + length;
    }
    if (count >= 3) {
      hits.push({
        subcategory: 'obfuscation',
        start: first,
        end: last,
        facts: { kind: 'zero_width', count },
      });
    }
  }

  private bidi(
    cps: Array<{ cp: number; index: number; length: number }>,
    hits: DetectorHit[],
  ): void {
    let overrides = 0;
    let others = 0;
    let first = -1;
    let last = -1;
    for (const { cp, index, length } of cps) {
      const override = BIDI_OVERRIDE.has(cp);
      if (!override && !BIDI_OTHER.has(cp)) continue;
      if (override) overrides++;
      else others++;
      if (first < 0) first = index;
      last = index + length;
    }
    if (overrides > 0 || others >= 3) {
      hits.push({
        subcategory: 'obfuscation',
        start: first,
        end: last,
        facts: { kind: 'bidi', count: overrides + others },
      });
    }
  }
}
