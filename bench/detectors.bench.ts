/**
 * `npm run bench:detectors`: the worst time of every plugin detector on 16,000-character
 * hostile turns (the API's maximum), each built to make a backtracking pattern explode.
 * Budget: 50 ms per detector per turn (a linear detector takes a few ms). A script, not a
 * test: timings belong in benchmarks, where a busy machine cannot fail the build.
 */
import type { CategoryPlugin, TextDetector } from '../src/engine/plugin-registry/plugin-contract';
import { CATEGORY_IDS } from '../src/engine/taxonomy';

const BUDGET_MS = 50;

const detectors: TextDetector[] = CATEGORY_IDS.flatMap((category) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { plugin } = require(`../plugins/${category}/${category}.plugin`) as {
    plugin: CategoryPlugin;
  };
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

function bestOfThreeMs(detector: TextDetector, text: string): number {
  detector.detect(text.slice(0, 500)); // warm up the compiled patterns
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = process.hrtime.bigint();
    detector.detect(text);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return best;
}

const worst = new Map<string, { ms: number; input: string }>();
for (const [name, text] of Object.entries(ADVERSARIAL)) {
  for (const detector of detectors) {
    const ms = bestOfThreeMs(detector, text);
    if (ms > (worst.get(detector.id)?.ms ?? -1)) worst.set(detector.id, { ms, input: name });
  }
}

console.log(`detector                         worst ms  on input (budget ${BUDGET_MS} ms)`);
for (const [id, { ms, input }] of [...worst].sort((a, b) => b[1].ms - a[1].ms)) {
  const flag = ms >= BUDGET_MS ? '  OVER BUDGET' : '';
  console.log(`${id.padEnd(32)} ${ms.toFixed(2).padStart(8)}  ${input}${flag}`);
}
