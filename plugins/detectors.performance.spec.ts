import type { CategoryPlugin, TextDetector } from '../src/engine/plugin-registry/plugin-contract';
import { CATEGORY_IDS } from '../src/engine/taxonomy';

/**
 * Every detector must stay linear on hostile input: a 16,000-character turn (the API's maximum)
 * built to make a backtracking pattern explode must finish well inside the engine's budget.
 */
const detectors: TextDetector[] = CATEGORY_IDS.flatMap((category) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { plugin } = require(`./${category}/${category}.plugin`) as { plugin: CategoryPlugin };
  return plugin.detectors;
});

const LENGTH = 16_000;
const fill = (unit: string): string =>
  unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH);

const ADVERSARIAL: Record<string, string> = {
  letters: fill('a'),
  digits: fill('1'),
  dashedDigits: fill('1-'),
  spacedDigits: fill('1 '),
  dots: fill('1.'),
  colons: fill('a:'),
  emailish: fill('a.b@c'),
  atWords: fill('a at b dot '),
  jwtish: fill('eyJ'),
  base64ish: fill('QUJDRA'),
  hexish: fill('6a '),
  percent: fill('%41'),
  hangul: fill('가나다로 1'),
  hangulDong: fill('역삼동 1-'),
  koreanDigits: fill('공일'),
  imAge: fill("i'm "),
  passport: fill('passport M1234567 '),
  password: fill('password is '),
  tokens: fill(`token ghp_${'a1'.repeat(20)} `),
  secretStatements: fill('api key is abcdef0123456789abcd '),
  birthday: fill('born 2009-03-1 '),
  birthdayUnspaced: fill('생일'),
  passportUnspaced: fill('여권M'),
  schoolWords: fill('나중학생이'),
  ageUnspaced: fill('14살'),
  address: fill('1 Main '),
  zeroWidth: fill('a\u200b'),
  tags: fill('\u{E0041}'),
  mixed: fill('나 14살 010-1234 4111 1111 a@b.co 192.168.0 '),
};

describe('detector linearity on 16,000-character adversarial turns', () => {
  it.each(Object.keys(ADVERSARIAL))('%s stays under 50 ms per detector', (name) => {
    const text = ADVERSARIAL[name];
    for (const detector of detectors) {
      detector.detect(text.slice(0, 500)); // warm up the compiled patterns
      // Best of three, so a busy shared machine does not fail a linear detector.
      let ms = Infinity;
      for (let run = 0; run < 3 && ms >= 50; run++) {
        const started = process.hrtime.bigint();
        detector.detect(text);
        ms = Math.min(ms, Number(process.hrtime.bigint() - started) / 1e6);
      }
      if (ms >= 50) throw new Error(`${detector.id} took ${ms.toFixed(1)} ms on ${name}`);
    }
  });
});
