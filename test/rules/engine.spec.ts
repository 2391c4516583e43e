import {
  buildRuleSet,
  ConversationRunner,
  loadRuleSet,
  runCaseTests,
  runInlineTests,
} from '../../src/engine/rules-api';
import { FIXTURE_PLUGINS, FIXTURE_RULES, turnContext } from './engine-fixture';

const options = { rulesDir: FIXTURE_RULES, pluginsDir: FIXTURE_PLUGINS, requirePlugins: false };

describe('rules engine over the fixture packs', () => {
  const ruleSet = loadRuleSet(options);

  it('passes every inline and multi-turn test of the fixture', () => {
    const build = buildRuleSet(options);
    const results = [...runInlineTests(ruleSet), ...runCaseTests(ruleSet, build.testFiles)];
    expect(results.filter((r) => !r.passed).map((r) => r.failure)).toEqual([]);
    expect(results.length).toBeGreaterThan(20);
  });

  it('reports failing expectations with what fired', () => {
    const build = buildRuleSet(options);
    const file = build.testFiles[0];
    const broken = {
      ...file,
      cases: [
        {
          ...file.cases[0],
          turns: [
            {
              ...file.cases[0].turns[0],
              expect: {
                levels: [
                  {
                    category: 'minor_safety' as const,
                    level: 'high' as const,
                    bound: 'exact' as const,
                  },
                ],
                severity: null,
                action: null,
                subcategories: [],
              },
            },
          ],
        },
      ],
    };
    const [result] = runCaseTests(ruleSet, [broken]);
    expect(result.passed).toBe(false);
    expect(result.failure).toMatch(
      /expected minor_safety high, got low \(score 0.35; minor_safety.minor_disclosed.stated-age\)/,
    );
  });

  it('returns findings with spans into the original text', () => {
    const text = 'ok so... I want to  d.i.e';
    const outcome = ruleSet.evaluate(turnContext(text));
    const finding = outcome.findings.find((f) => f.code === 'self_harm.ideation.want-to-die');
    expect(finding).toMatchObject({
      category: 'self_harm',
      subcategory: 'ideation',
      score: 0.75,
      stage: 'rules',
    });
    const covered = finding!.spans.map((s) => text.slice(s.start, s.end));
    // The pack's "i wanna" is also spelled "i want to", the longest phrase there.
    expect(covered.join('|')).toBe('I want to|d.i.e');
  });

  it('maps Hangul spans back through spacing and jamo composition', () => {
    const text = '나 ㅈㅜㄱㄱㅗ ㅅㅣㅍㅇㅓ';
    const finding = ruleSet.evaluate(turnContext(text)).findings[0];
    expect(finding.code).toBe('self_harm.ideation.korean');
    expect(text.slice(finding.spans[0].start, finding.spans[0].end)).toBe('ㅈㅜㄱㄱㅗ ㅅㅣㅍ');
  });

  it('records shadow rules separately and never in the findings', () => {
    const outcome = ruleSet.evaluate(turnContext('i want to disappear forever'));
    expect(outcome.findings).toEqual([]);
    expect(outcome.shadowFindings.map((f) => f.code)).toEqual(['self_harm.ideation.shadow']);
  });

  it('answers each turn on its own: no regex result or prefilter mark carries to the next', () => {
    const covered = (text: string) =>
      ruleSet
        .evaluate(turnContext(text))
        .findings.filter((f) => f.code === 'self_harm.ideation.regex')
        .flatMap((f) => f.spans.map((s) => text.slice(s.start, s.end)));
    expect(covered('no reason to live')).toEqual(['no reason to live']);
    expect(covered('no reason to leave')).toEqual([]);
    expect(covered('honestly there is no reason to go on')).toEqual(['no reason to go on']);
  });

  it('honours speakers', () => {
    expect(ruleSet.evaluate(turnContext('no reason to live', 'character')).findings).toEqual([]);
    expect(ruleSet.evaluate(turnContext('no reason to live', 'user')).findings).toHaveLength(1);
  });

  it('sets flags with their ttl and lets the same turn use them', () => {
    const outcome = ruleSet.evaluate(turnContext("i'm 13 and i love you"));
    expect(outcome.flags).toEqual([{ name: 'minor_disclosed', ttlTurns: 3 }]);
    expect(outcome.findings.map((f) => f.subcategory).sort()).toEqual([
      'minor_disclosed',
      'romance_minor',
    ]);
  });

  it('overlays policy.yaml and keeps the conversation state like the service', () => {
    expect(ruleSet.policy.emaAlpha).toBe(0.5);
    const runner = new ConversationRunner(ruleSet);
    expect(runner.assess('I want to die').verdict.action).toBe('escalate');
    runner.assess('hello');
    expect(runner.conversation).toMatchObject({ turns: 2, peak: 'high', ema: 1.5 });
    expect(runner.conversation?.categoryCounts.self_harm).toBe(1);
  });

  it('gives a stable rulesVersion', () => {
    expect(ruleSet.rulesVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(loadRuleSet(options).rulesVersion).toBe(ruleSet.rulesVersion);
  });

  // A guard against super-linear blow-ups; `npm run bench:rules` measures the real figure.
  it('stays fast on a long adversarial turn', () => {
    const text = 'i want to '.repeat(800) + 'k i l l '.repeat(500) + '죽고 '.repeat(1000);
    const started = performance.now();
    ruleSet.evaluate(turnContext(text.slice(0, 16_000)));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
