import {
  compileLinearRegex,
  markWindowsHolding,
  windowCount,
} from '../../src/engine/rule-pack/linear-regex';

describe('linear-time rule regexes', () => {
  it('rejects syntax RE2 lacks', () => {
    expect(() => compileLinearRegex('kill(?=me)')).toThrow(/invalid or unsupported Perl syntax/);
    expect(() => compileLinearRegex('(a)\\1')).toThrow(/invalid escape/);
  });

  it('reads RE2 Unicode classes and leading flags', () => {
    const regex = compileLinearRegex('(?i)\\pL+strasse\\s+[0-9]');
    expect(regex.engine).toBe('v8');
    expect(regex.findAll('wohnt in der Hauptstrasse 5 oder Übelstrasse 7', 5)).toEqual([
      [13, 27],
      [33, 46],
    ]);
  });

  it('reads \\x{...} as the code point RE2 means, not as the letters JavaScript would see', () => {
    const regex = compileLinearRegex('\\x{2764}\\x{FE0F}?');
    expect(regex.findAll('i love you \u2764\uFE0F so much', 5)).toEqual([[11, 13]]);
    expect(regex.findAll('x{2764}', 5)).toEqual([]);
  });

  it('finds matches across window edges of long texts, without false anchors', () => {
    const regex = compileLinearRegex('(^|[^0-9])[0-9]{3}([^0-9]|$)');
    const text = `789 ${'a'.repeat(1596)}123${'a'.repeat(2000)} 456`;
    expect(regex.findAll(text, 10).map(([s, e]) => text.slice(s, e).trim())).toEqual([
      '789',
      'a123a',
      '456',
    ]);
    const spanning = compileLinearRegex('kill (him|her)');
    const long = `${'x '.repeat(748)}kill him ${'y '.repeat(3000)}`;
    expect(spanning.findAll(long, 10)).toEqual([[1496, 1504]]);
  });

  it('finds the same matches when long texts are read only in the windows holding a literal', () => {
    const regex = compileLinearRegex('(?i)\\b(kill|hurt) (him|her)\\b');
    const literals = ['kill ', 'hurt '];
    /**
     * The windows holding an occurrence of a literal, found in the lower-cased text; none
     * (read everything) when lower-casing changes the length, as `RegexPrefilters` does.
     */
    const toRead = (text: string): Uint8Array | undefined => {
      const lowered = text.toLowerCase();
      if (lowered.length !== text.length) return undefined;
      const count = windowCount(text.length);
      const marks = new Uint8Array(count);
      for (const literal of literals) {
        for (let at = lowered.indexOf(literal); at >= 0; at = lowered.indexOf(literal, at + 1)) {
          markWindowsHolding(marks, 0, count, at, literal.length);
        }
      }
      return marks;
    };
    // Matches at the start, across window edges (windows start every 450 units), in the
    // last window, once in upper case (literals are found in the lower-cased text), and after
    // "İ", which lower-cases to two units (offsets no longer line up: the text is read whole).
    const texts = [
      `kill him ${'x '.repeat(4000)}`,
      `${'x '.repeat(223)}hurt her ${'y '.repeat(2000)}KILL HIM ${'z '.repeat(5)}`,
      `${'x '.repeat(2995)}and i will hurt him`,
      `${'x '.repeat(3000)}nothing here`,
      `${'x '.repeat(2000)}İ kill him ${'y '.repeat(200)}`,
    ];
    for (const text of texts) {
      expect(regex.findAll(text, 10, toRead(text))).toEqual(regex.findAll(text, 10));
    }
    expect(regex.findAll(texts[1], 10, toRead(texts[1]))).toEqual([
      [446, 454],
      [4455, 4463],
    ]);
    // Windows left unmarked are not read: with none marked, nothing is found.
    expect(regex.findAll(texts[1], 10, new Uint8Array(windowCount(texts[1].length)))).toEqual([]);
    // Marks for a subject of another length are ignored: the whole subject is read.
    expect(regex.findAll(texts[1], 10, new Uint8Array(1))).toEqual(regex.findAll(texts[1], 10));
  });

  it('stays fast on a pathological pattern over a long text', () => {
    const regex = compileLinearRegex('(?i)\\pL{2,}(strasse|gasse)\\s+[0-9]');
    const started = performance.now();
    expect(regex.findAll('a'.repeat(16_000), 5)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
