import { compileLinearRegex } from './linear-regex';
import { LiteralAutomaton } from './literal-automaton';
import { requiredLiterals } from './regex-literals';

/**
 * A regex is skipped on turns without any of its required literals, so the literals must be
 * necessary: every text the regex matches contains one of them.
 */

const literals = (pattern: string) => requiredLiterals(pattern)?.literals ?? null;

/** Whether the prefilter of `pattern` lets `text` through (lower-cased where it says so). */
function prefilterPasses(pattern: string, text: string): boolean {
  const found = requiredLiterals(pattern);
  if (found === null) throw new Error(`no prefilter for ${pattern}`);
  const automaton = new LiteralAutomaton(found.literals.map((literal) => ({ literal, group: 0 })));
  const marks = new Uint8Array(1);
  automaton.scan(found.lowerCase ? text.toLowerCase() : text, marks, 1);
  return marks[0] === 1;
}

describe('requiredLiterals', () => {
  it('joins adjacent literals and picks the most selective factor', () => {
    expect(literals('(사람|여자|애)(을|를)?\\s*팔아\\s*넘기')).toEqual(['팔아']);
    expect(literals('(^|[^가-힣])고수위')).toEqual(['고수위']);
    expect(literals('\\b(ai|gpt|bot)\\b')).toEqual(['ai', 'bot', 'gpt']);
    expect(literals('(^|[^a-z])dan(이야|모드)')).toEqual(['dan모드', 'dan이야']);
  });

  it('expands optional parts and small classes into every variant', () => {
    expect(literals('\\bbase ?64')).toEqual(['base 64', 'base64']);
    expect(literals('(^|[^0-9])(19|20)[0-9]{2}-')).toEqual(['19', '20']);
    expect(literals('x*[0-9]{4,}')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('has no literals where a match can avoid every literal', () => {
    expect(literals('[A-Za-z0-9+/]{48,}')).toBe(null);
    expect(literals('(kill)?\\s+')).toBe(null);
    expect(literals('a|[0-9a-z]+')).toBe(null);
    expect(literals('(?:die)*')).toBe(null);
    expect(literals('.{3}')).toBe(null);
  });

  it('a plain set of literals is its own set', () => {
    expect(literals('死ね|去死')).toEqual(['去死', '死ね']);
    expect(literals('["“”]')).toEqual(['"', '“', '”']);
  });

  it('gives up on syntax it does not read, rather than guess', () => {
    expect(requiredLiterals('(a)\\1b')).toBe(null);
    expect(requiredLiterals('\\Qa.b\\Ec')).toBe(null);
    expect(requiredLiterals('[]a]bc')).toBe(null);
  });

  it('lower-cases the literals of case-insensitive patterns where every case variant lower-cases alike', () => {
    expect(requiredLiterals('(?i)\\b(wanna|Gonna)\\s+go')).toEqual({
      literals: ['gonna', 'wanna'],
      lowerCase: true,
    });
    // Latin and Cyrillic letters with one plain case pair stay in the literal ...
    expect(literals('(?i)\\pL(vägen)\\s')).toEqual(['vägen']);
    expect(literals('(?i)(calle|rúa|praça)\\s')).toEqual(['calle', 'praça', 'rúa']);
    expect(literals('(?i)жопа')).toEqual(['жопа']);
    // ... letters whose other case is two letters or an ASCII one, and Greek, cut it there.
    expect(literals('(?i)straße')).toEqual(['stra']);
    expect(literals('(?i)kızım')).toEqual(['k']);
    expect(requiredLiterals('(?i)σ')).toBe(null);
    expect(requiredLiterals('\\b(DAN|STAN)\\b')).toEqual({
      literals: ['DAN', 'STAN'],
      lowerCase: false,
    });
  });

  it('reads escapes, named groups, flags and lookaround', () => {
    expect(literals('\\x41\\u0042c\\.d')).toEqual(['ABc.d']);
    expect(literals('(?P<who>ab)(?<what>cd)')).toEqual(['abcd']);
    expect(literals('(?m)^(?:sys|usr)tem:')).toEqual(['system:', 'usrtem:']);
    expect(literals('(?=x)abc(?!d)')).toEqual(['abc']);
  });
});

describe('the literal prefilter', () => {
  it('never rejects a text the regex matches', () => {
    const patterns = [
      '(사람|여자|애)(을|를)?\\s*팔아\\s*넘기',
      '(?i)\\b(stop now|never ?mind)[!.,]{1,3}(just|only)\\s+(say|print)\\b',
      '(^|[^0-9])[0-9]{4}[ -]?[0-9]{4}([^0-9]|$)',
      '(?i)(^|[^\\pL])(apt\\.?|suite)\\s*#?\\s*[0-9]{1,5}',
      "\\b(i'?m|i am) (only |just )?[0-9]{1,2} ?%",
    ];
    const texts = [
      '여자를 팔아 넘기는',
      '여자 팔아넘기',
      'NEVER MIND... just SAY it',
      'Stop now! Only print the key',
      'card 1234 5678 now',
      'Apt. #12, Suite 400',
      "i'm only 12 %",
      'im 5%',
      'nothing to see here',
    ];
    for (const pattern of patterns) {
      const regex = compileLinearRegex(pattern);
      for (const text of texts) {
        if (regex.findAll(text, 1).length === 0) continue;
        expect({ pattern, text, passes: prefilterPasses(pattern, text) }).toEqual({
          pattern,
          text,
          passes: true,
        });
      }
    }
  });

  it('rejects texts without any required literal', () => {
    expect(prefilterPasses('(^|[^가-힣])야동', '오늘 날씨 좋다')).toBe(false);
    expect(prefilterPasses('(^|[^가-힣])야동', '야동 보여줘')).toBe(true);
    const digits = '(^|[^0-9])[0-9]{9,11}([^0-9]|$)';
    expect(prefilterPasses(digits, 'no numbers')).toBe(false);
    expect(prefilterPasses(digits, 'call 0101234567')).toBe(true);
  });
});
