import { CATEGORY_IDS } from '../../../src/engine/taxonomy';
import { jsonVerdict, OpenAiCompatibleTestServer } from '../../utils/openai-compatible-test-server';
import {
  assess,
  createStageHarness,
  deleteRedisPrefix,
  REDIS_URL,
  rulesOutcome,
  turnContext,
  uniquePrefix,
  waitFor,
  type StageHarness,
} from './llm-test-kit';

/**
 * SPEC 10 behaviour of the LLM stage through the real queue drivers and the real openai SDK,
 * against a scripted OpenAI-compatible server. Both drivers must behave identically.
 */
const TIMEOUT_MS = 1200;
/** Slack for event-loop and Redis latency when checking that the deadline held. */
const DEADLINE_SLACK_MS = 300;

const drivers = [
  ['inline', undefined],
  ['bullmq', REDIS_URL],
] as const;

describe.each(drivers)('LLM stage with the %s driver', (driverName, redisUrl) => {
  const server = new OpenAiCompatibleTestServer();
  const prefix = uniquePrefix(`llm-${driverName}`);
  let harness: StageHarness;

  beforeAll(async () => {
    await server.start();
    harness = await createStageHarness(
      {
        baseUrl: server.baseUrl,
        model: 'test-model',
        timeoutMs: TIMEOUT_MS,
        lateGraceMs: 4000,
        contextTurns: 3,
      },
      { redisUrl, prefix, runWorkers: true },
    );
  });

  afterAll(async () => {
    await harness.close();
    await server.stop();
    if (redisUrl) await deleteRedisPrefix(prefix);
  });

  it('merges a normal answer: model scores replace rules scores, reasons say stage llm', async () => {
    server.respond({
      kind: 'answer',
      content: jsonVerdict({ self_harm: { score: 0.93, subcategories: ['intent', 'ideation'] } }),
      model: 'served-model-v1',
    });
    harness.history.turns.set('conv_llm_test', [
      { eventId: 'e1', speakerType: 'user', text: 'earlier turn one' },
      { eventId: 'e2', speakerType: 'character', text: 'earlier turn two' },
    ]);
    const context = turnContext('I will do it tonight');
    const { verdict, elapsedMs } = await assess(harness.stage, context, rulesOutcome([{}]));
    harness.history.turns.clear();

    expect(verdict.stages).toEqual(['rules', 'llm']);
    expect(verdict.model).toBe('served-model-v1');
    expect(verdict.categories.self_harm).toEqual({
      score: 0.93,
      level: 'critical',
      subcategories: ['intent', 'ideation'],
    });
    expect(verdict.action).toBe('escalate');
    expect(verdict.reasons.map((r) => [r.stage, r.code])).toEqual([
      ['llm', 'llm.self_harm.intent'],
      ['llm', 'llm.self_harm.ideation'],
    ]);
    // The model's ideation finding points at the span the rules found for ideation.
    expect(verdict.reasons[1].spans).toEqual([{ start: 0, end: 4 }]);
    expect(elapsedMs).toBeLessThan(TIMEOUT_MS);

    const request = server.requests[0];
    expect(request.response_format?.type).toBe('json_schema');
    const prompt = request.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('I will do it tonight');
    expect(prompt).toContain('earlier turn two');
    expect(prompt).toContain('self_harm/ideation score 0.6');
    // Every category plugin contributed its definitions to the system prompt.
    const system = request.messages[0].content;
    for (const id of CATEGORY_IDS) expect(system).toContain(`### ${id}`);
    expect(system).toContain('`emotional_reliance`: ');
  });

  it('lets the model lower a rules score but never an authoritative one', async () => {
    server.respond({ kind: 'answer', content: jsonVerdict() });
    const rules = rulesOutcome([
      { category: 'harassment', subcategory: 'insult', code: 'harassment.insult.x', score: 0.8 },
      {
        category: 'pii',
        subcategory: 'payment_card',
        code: 'pii.payment_card.luhn',
        score: 0.95,
        authoritative: true,
      },
    ]);
    const { verdict } = await assess(harness.stage, turnContext('card text'), rules);
    expect(verdict.stages).toEqual(['rules', 'llm']);
    expect(verdict.categories.harassment.level).toBe('none');
    expect(verdict.categories.pii).toMatchObject({ score: 0.95, level: 'critical' });
    expect(verdict.reasons.map((r) => [r.stage, r.code])).toEqual([
      ['rules', 'pii.payment_card.luhn'],
    ]);
  });

  it('answers with the rules result at the deadline and records the late answer', async () => {
    server.respond({
      kind: 'answer',
      delayMs: TIMEOUT_MS + 600,
      content: jsonVerdict({ violence: { score: 0.75, subcategories: ['threat'] } }),
    });
    const context = turnContext('slow one');
    const { verdict, elapsedMs } = await assess(harness.stage, context, rulesOutcome([{}]));

    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsedMs).toBeLessThan(TIMEOUT_MS + DEADLINE_SLACK_MS);
    expectRulesOnly(verdict, /no answer within 1200 ms/);

    await waitFor(
      () => harness.recorder.recorded.some((r) => r.key.eventId === context.turn.eventId),
      5000,
    );
    const late = harness.recorder.recorded.find((r) => r.key.eventId === context.turn.eventId)!;
    expect(late.key).toMatchObject({
      tenantId: 'tenant:alpha',
      mode: 'test',
      conversationId: 'conv_llm_test',
    });
    expect(late.outcome.ran).toBe(true);
    expect(late.outcome.categoryScores?.violence).toBe(0.75);
    expect(late.outcome.findings.map((f) => f.code)).toEqual(['llm.violence.threat']);
  });

  it('retries a 429 after its Retry-After when that fits the deadline', async () => {
    server.respond(
      { kind: 'status', status: 429, headers: { 'retry-after': '0.2' } },
      {
        kind: 'answer',
        content: jsonVerdict({ sexual: { score: 0.55, subcategories: ['suggestive'] } }),
      },
    );
    const { verdict } = await assess(harness.stage, turnContext('rate limited'), rulesOutcome([]));
    expect(server.requests).toHaveLength(2);
    expect(verdict.stages).toEqual(['rules', 'llm']);
    expect(verdict.categories.sexual.level).toBe('medium');
  });

  it('falls back at once on a 429 whose Retry-After is past the deadline', async () => {
    server.respond({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const { verdict, elapsedMs } = await assess(
      harness.stage,
      turnContext('429'),
      rulesOutcome([{}]),
    );
    expect(server.requests).toHaveLength(1);
    expect(elapsedMs).toBeLessThan(TIMEOUT_MS);
    expectRulesOnly(verdict, /rate limited \(429\)/);
  });

  it('retries a 500 with backoff inside the deadline, then falls back', async () => {
    server.respond({ kind: 'status', status: 500 });
    const { verdict, elapsedMs } = await assess(
      harness.stage,
      turnContext('500'),
      rulesOutcome([{}]),
    );
    expect(server.requests.length).toBeGreaterThan(1);
    expect(elapsedMs).toBeLessThan(TIMEOUT_MS + DEADLINE_SLACK_MS);
    expectRulesOnly(verdict, /model server error \(500\)/);
  });

  it('retries invalid output once, then falls back with the reason', async () => {
    server.respond({ kind: 'answer', content: '{"categories": {"self_harm": {"score": 0.9' });
    const { verdict } = await assess(harness.stage, turnContext('malformed'), rulesOutcome([{}]));
    expect(server.requests).toHaveLength(2);
    // The retry tells the model what was wrong.
    expect(server.requests[1].messages.at(-1)?.content).toMatch(/invalid: reply is not JSON/);
    expectRulesOnly(verdict, /reply is not JSON/);
  });

  it('accepts a valid answer on the retry after invalid output', async () => {
    server.respond(
      { kind: 'answer', content: JSON.stringify({ categories: { self_harm: { score: 2 } } }) },
      { kind: 'answer', content: '```json\n' + jsonVerdict() + '\n```' },
    );
    const { verdict } = await assess(harness.stage, turnContext('second try'), rulesOutcome([{}]));
    expect(server.requests).toHaveLength(2);
    expect(verdict.stages).toEqual(['rules', 'llm']);
    expect(verdict.severity).toBe('none');
  });

  it('treats a non-JSON body as invalid output', async () => {
    server.respond({ kind: 'raw', contentType: 'text/html', body: '<html>bad gateway</html>' });
    const { verdict } = await assess(harness.stage, turnContext('html'), rulesOutcome([{}]));
    expectRulesOnly(verdict, /without a chat completion/);
  });

  it('falls back when the connection drops, within the deadline', async () => {
    server.respond({ kind: 'drop' });
    const { verdict, elapsedMs } = await assess(
      harness.stage,
      turnContext('drop'),
      rulesOutcome([{}]),
    );
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
    expect(elapsedMs).toBeLessThan(TIMEOUT_MS + DEADLINE_SLACK_MS);
    expectRulesOnly(verdict, /connection to the model server failed/);
  });

  it('steps down from json_schema when the server rejects it', async () => {
    server.respond(
      {
        kind: 'status',
        status: 400,
        body: JSON.stringify({
          error: { message: 'response_format json_schema is not supported' },
        }),
      },
      { kind: 'answer', content: jsonVerdict() },
    );
    const { verdict } = await assess(harness.stage, turnContext('no schema'), rulesOutcome([]));
    expect(verdict.stages).toEqual(['rules', 'llm']);
    expect(server.requests.map((r) => r.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
    ]);
  });

  it('runs one job for a retried request of the same event', async () => {
    server.respond({ kind: 'answer', delayMs: 150, content: jsonVerdict() });
    const context = turnContext('same event twice');
    const [first, second] = await Promise.all([
      assess(harness.stage, context, rulesOutcome([])),
      assess(harness.stage, context, rulesOutcome([])),
    ]);
    const third = await assess(harness.stage, context, rulesOutcome([]));
    expect([first, second, third].map((r) => r.verdict.stages)).toEqual([
      ['rules', 'llm'],
      ['rules', 'llm'],
      ['rules', 'llm'],
    ]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('LLM stage with LLM_MODE=on_signal', () => {
  const server = new OpenAiCompatibleTestServer();
  let harness: StageHarness;

  beforeAll(async () => {
    await server.start();
    harness = await createStageHarness(
      { baseUrl: server.baseUrl, model: 'm', mode: 'on_signal', timeoutMs: TIMEOUT_MS },
      { redisUrl: undefined },
    );
  });

  afterAll(async () => {
    await harness.close();
    await server.stop();
  });

  it('skips quiet turns without a notice and refines turns with a signal', async () => {
    server.respond({ kind: 'answer', content: jsonVerdict() });
    const quiet = await assess(harness.stage, turnContext('hello'), rulesOutcome([]));
    expect(quiet.llm).toEqual({ ran: false, findings: [], flags: [] });
    expect(quiet.verdict.stages).toEqual(['rules']);
    expect(server.requests).toHaveLength(0);

    const raised = turnContext('hello again');
    raised.conversation.ema = 1.2;
    expect((await assess(harness.stage, raised, rulesOutcome([]))).verdict.stages).toEqual([
      'rules',
      'llm',
    ]);
    const signalled = await assess(harness.stage, turnContext('signal'), rulesOutcome([{}]));
    expect(signalled.verdict.stages).toEqual(['rules', 'llm']);
    expect(server.requests).toHaveLength(2);
  });
});

describe.each(drivers)(
  'LLM stage in Llama Guard format with the %s driver',
  (driverName, redisUrl) => {
    const server = new OpenAiCompatibleTestServer();
    const prefix = uniquePrefix(`llm-guard-${driverName}`);
    let harness: StageHarness;

    beforeAll(async () => {
      await server.start();
      harness = await createStageHarness(
        {
          baseUrl: server.baseUrl,
          model: 'llama-guard-4',
          promptFormat: 'llama_guard',
          timeoutMs: TIMEOUT_MS,
        },
        { redisUrl, prefix, runWorkers: true },
      );
    });

    afterAll(async () => {
      await harness.close();
      await server.stop();
      if (redisUrl) await deleteRedisPrefix(prefix);
    });

    it('maps S codes onto our categories and leaves uncovered categories to the rules', async () => {
      server.respond({ kind: 'answer', content: 'unsafe\nS11,S10' });
      const rules = rulesOutcome([
        {
          category: 'dependency',
          subcategory: 'emotional_reliance',
          code: 'dependency.x',
          score: 0.55,
        },
        { category: 'violence', subcategory: 'threat', code: 'violence.x', score: 0.6 },
      ]);
      const { verdict } = await assess(harness.stage, turnContext('guard me'), rules);
      expect(verdict.stages).toEqual(['rules', 'llm']);
      expect(verdict.model).toBe('llama-guard-4');
      expect(verdict.categories.self_harm).toMatchObject({
        score: 0.8,
        level: 'high',
        subcategories: ['ideation'],
      });
      expect(verdict.categories.harassment).toMatchObject({
        level: 'high',
        subcategories: ['hate'],
      });
      expect(verdict.categories.violence.level).toBe('none'); // covered and judged safe
      expect(verdict.categories.dependency.level).toBe('medium'); // not covered: rules stand
      const request = server.requests[0];
      expect(request.response_format).toBeUndefined();
      expect(request.messages).toEqual([{ role: 'user', content: 'guard me' }]);
    });

    it('treats an answer that is neither safe nor unsafe as invalid', async () => {
      server.respond({ kind: 'answer', content: 'I cannot help with that.' });
      const { verdict } = await assess(harness.stage, turnContext('odd'), rulesOutcome([{}]));
      expect(server.requests).toHaveLength(2);
      expectRulesOnly(verdict, /neither "safe" nor "unsafe"/);
    });
  },
);

function expectRulesOnly(
  verdict: import('../../../src/engine/pipeline/assessment-scorer').TurnVerdict,
  message: RegExp,
) {
  expect(verdict.stages).toEqual(['rules']);
  expect(verdict.model).toBe('none');
  const notice = verdict.reasons.find((r) => r.code === 'llm_unavailable');
  expect(notice).toMatchObject({ stage: 'llm', category: null, spans: [] });
  expect(notice?.message).toMatch(message);
  // The rules finding still decides the answer.
  expect(verdict.categories.self_harm.level).toBe('medium');
}
