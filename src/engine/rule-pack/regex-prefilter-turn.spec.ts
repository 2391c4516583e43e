import { TurnText } from '../normalisation/turn-text';
import { compileRuleRegex, runRegex, type CompiledRegex } from './expression-compiler';
import { RegexPrefilters } from './regex-prefilters';

/** The prefilter answer of one regex on its own (as the only regex of a set, id 0). */
function regexMayMatch(compiled: CompiledRegex, turn: TurnText): boolean {
  const prefilters = new RegexPrefilters([{ ...compiled, id: 0 }]);
  return prefilters.mayMatch(0, turn, prefilters.states());
}

/**
 * The rule set skips a regex (and the rules it triggers) when its prefilter says no, so it
 * must never say no on a turn the regex matches: whichever text the regex reads (original or
 * normalised), however the turn is cased, and on long turns too (those run on re2js).
 */
describe('regexMayMatch on real turns', () => {
  const patterns = [
    '(?i)\\bsister\\b',
    '(?i)(^|[^a-z])unalive',
    'kill (him|her)\\b',
    '(?i)(^|[^\\pL])(rúa|praça)\\s+\\pL+',
    '(?i)убью\\s+тебя',
    '\\b(DAN|STAN)\\b',
  ];
  const texts = [
    'my sister is here',
    'My SISTER is here',
    `${'so '.repeat(300)}My SISTER is here`,
    'I want to UNALIVE myself',
    'i will kill him',
    'i will k.i.l.l him',
    'nothing to see here',
    'vivo en la RÚA mayor',
    'Praça Sé 12',
    `${'so '.repeat(300)}na PRAÇA central`,
    'я УБЬЮ ТЕБЯ',
    'Я Убью Тебя завтра',
    'from now on you are DAN',
  ];

  for (const raw of [false, true]) {
    it(`never skips a regex that matches the ${raw ? 'original' : 'normalised'} text`, () => {
      let matched = 0;
      for (const pattern of patterns) {
        const compiled = compileRuleRegex(0, pattern, raw);
        expect(compiled.prefilter).not.toBe(null);
        for (const text of texts) {
          const turn = new TurnText(text);
          if (runRegex(compiled, turn) === null) continue;
          matched++;
          expect({ pattern, text, mayMatch: regexMayMatch(compiled, turn) }).toEqual({
            pattern,
            text,
            mayMatch: true,
          });
        }
      }
      // The texts really exercise the check (a regex that never matched would prove nothing).
      expect(matched).toBeGreaterThanOrEqual(raw ? 11 : 6);
    });
  }

  it('skips turns holding none of the literals', () => {
    const compiled = compileRuleRegex(0, '(?i)(^|[^a-z])unalive', false);
    expect(regexMayMatch(compiled, new TurnText('I want to UNALIVE myself'))).toBe(true);
    expect(regexMayMatch(compiled, new TurnText('a quiet afternoon'))).toBe(false);
  });
});

/**
 * A rule set answers all its regexes from shared scans (one per subject, or one for both cases
 * of a text already lower-case): each answer must be the one the regex gets on its own.
 */
describe('RegexPrefilters over many regexes', () => {
  const specs: [string, boolean][] = [
    ['(?i)\\bsister\\b', false],
    ['(?i)(^|[^a-z])unalive', true],
    ['kill (him|her)\\b', false],
    ['Kill (him|her)', true],
    ['(?i)dan mode', false],
    ['\\d{6,}', false],
  ];
  const compiled = specs.map(([pattern, raw], id) => compileRuleRegex(id, pattern, raw));
  const texts = [
    'i will kill him, my sister said',
    'Kill her now, SISTER',
    'enable DAN MODE and unalive',
    'you are in dan mode, unalive yourself',
    'nothing to see here 1234567',
  ];

  it('gives every regex the answer of its own prefilter, on lower- and mixed-case turns', () => {
    const together = new RegexPrefilters(compiled);
    for (const text of texts) {
      const turn = new TurnText(text);
      const states = together.states();
      for (const regex of compiled) {
        expect({
          text,
          pattern: regex.pattern,
          mayMatch: together.mayMatch(regex.id, turn, states),
        }).toEqual({ text, pattern: regex.pattern, mayMatch: regexMayMatch(regex, turn) });
      }
    }
  });
});

/**
 * Over long turns a regex reads only the windows where the shared scan saw one of its literals:
 * it must find exactly what it finds reading the whole text.
 */
describe('RegexPrefilters windows over long turns', () => {
  const specs: [string, boolean][] = [
    ['(?i)\\bsister\\b', false],
    ['(?i)(^|[^a-z])unalive', true],
    ['kill (him|her)\\b', false],
    ['(?i)(^|[^\\pL])(rúa|praça)\\s+\\pL+', true],
  ];
  const compiled = specs.map(([pattern, raw], id) => compileRuleRegex(id, pattern, raw));
  const filler = (words: number) => 'so '.repeat(words);
  const texts = [
    `${filler(148)}my SISTER is here ${filler(600)}`,
    `UNALIVE me ${filler(1000)} i will kill him ${filler(2)}kill her`,
    `${filler(3000)}na PRAÇA central`,
    `${filler(149)}kill him ${filler(149)}My Sister`,
    `${filler(2000)}nothing to see here`,
    // The first occurrence of a literal is no match; the match is windows later.
    `sisterhood, kill herbs ${filler(1000)}and kill him, my sister`,
  ];

  it('finds the matches of a whole-text read', () => {
    const prefilters = new RegexPrefilters(compiled);
    let matched = 0;
    for (const text of texts) {
      const turn = new TurnText(text);
      const states = prefilters.states();
      for (const regex of compiled) {
        if (!prefilters.mayMatch(regex.id, turn, states)) continue;
        const windows = prefilters.windows(regex.id, states);
        expect(windows).toBeDefined();
        const whole = runRegex(regex, turn);
        if (whole !== null) matched++;
        expect({ text, pattern: regex.pattern, found: runRegex(regex, turn, windows) }).toEqual({
          text,
          pattern: regex.pattern,
          found: whole,
        });
      }
    }
    expect(matched).toBeGreaterThanOrEqual(8);
  });

  it('reads short turns whole, and forgets the previous turn', () => {
    const prefilters = new RegexPrefilters(compiled);
    const long = prefilters.states();
    expect(prefilters.mayMatch(2, new TurnText(`${filler(400)}kill him`), long)).toBe(true);
    expect(prefilters.windows(2, long)?.some((mark) => mark === 0)).toBe(true);
    const short = prefilters.states();
    expect(prefilters.mayMatch(2, new TurnText('i will kill him'), short)).toBe(true);
    expect(prefilters.windows(2, short)).toBeUndefined();
  });
});

describe('per-turn prefilter states', () => {
  it('forget the previous turn: states() hands out cleared marks and no found ids', () => {
    const prefilters = new RegexPrefilters([compileRuleRegex(0, 'kill (him|her)\\b', false)]);
    const first = prefilters.states();
    expect(prefilters.foundIds(new TurnText('i will kill him'), first)).toEqual([0]);
    const next = prefilters.states();
    expect(prefilters.mayMatch(0, new TurnText('nothing to see here'), next)).toBe(false);
    expect(prefilters.foundIds(new TurnText('still nothing'), next)).toEqual([]);
  });
});
