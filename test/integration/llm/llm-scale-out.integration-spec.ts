import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database';
import { jsonVerdict, OpenAiCompatibleTestServer } from '../../utils/openai-compatible-test-server';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from './llm-test-kit';

/**
 * Scaled out for real: two API processes (`--role api`) and one separate worker process
 * (`--role worker`) on the machine's PostgreSQL and Redis, the model behind the scripted
 * server. 100 concurrent turns must each be refined exactly once and the conversation
 * state must count every turn.
 */
jest.setTimeout(180_000);

const ROOT = join(__dirname, '../../..');
const CONVERSATIONS = 10;
const TURNS_PER_CONVERSATION = 10;

type AssessResponse = {
  engine: { stages: string[]; model: string };
  categories: Record<string, { level: string }>;
  conversation: { turns: number };
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Started = { child: ChildProcess; output: () => string };

function start(role: 'api' | 'worker', env: Record<string, string>): Started {
  let output = '';
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', 'src/main.ts', '--role', role],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function until<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The assessed turn inside the prompt (the context before it holds earlier turns). */
const currentTurn = (prompt: string) => /turn-\d+-\d+/.exec(prompt.split('<turn')[1] ?? '')?.[0];

const healthy = (port: number) => () =>
  fetch(`http://127.0.0.1:${port}/healthz`).then((res) => (res.ok ? true : undefined));

describe('two API instances and a separate worker on PostgreSQL and Redis', () => {
  const server = new OpenAiCompatibleTestServer();
  const prefix = uniquePrefix('llm-scale');
  const processes: Started[] = [];
  let db: TestDatabase;
  let ports: number[];
  let apiKey: string;

  beforeAll(async () => {
    await server.start();
    // The verdict depends on the turn, so a mixed-up result would show in the answer.
    server.respond({
      kind: 'dynamic',
      respond: (body) => {
        const turn = currentTurn(body.messages.at(-1)?.content ?? '');
        const flagged = /turn-(\d+)-(\d+)/.exec(turn ?? '');
        const score = flagged && Number(flagged[2]) % 2 === 0 ? 0.72 : 0;
        return {
          kind: 'answer',
          content: jsonVerdict(
            score ? { dependency: { score, subcategories: ['emotional_reliance'] } } : {},
          ),
        };
      },
    });
    db = await createTestDatabase('postgres');
    ports = [await freePort(), await freePort()];
    const env = {
      ...db.env,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      LLM_BASE_URL: server.baseUrl,
      LLM_MODEL: 'scale-model',
      LLM_TIMEOUT_MS: '15000',
      LOG_LEVEL: 'info',
    };
    // The first API instance migrates the fresh database and prints the first-run key.
    processes.push(start('api', { ...env, PORT: String(ports[0]) }));
    apiKey = await until(
      async () => /ca_test_[A-Za-z0-9_-]+/.exec(processes[0].output())?.[0],
      'the first-run key',
    );
    processes.push(start('api', { ...env, PORT: String(ports[1]), MIGRATE_ON_START: 'false' }));
    processes.push(start('worker', { ...env, MIGRATE_ON_START: 'false' }));
    await until(healthy(ports[0]), 'api A');
    await until(healthy(ports[1]), 'api B');
    await until(
      async () => (/worker started/.test(processes[2].output()) ? true : undefined),
      'worker',
    );
  });

  afterAll(async () => {
    await Promise.all(
      processes.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await server.stop();
    await db?.drop();
    await deleteRedisPrefix(prefix);
  });

  it('refines 100 concurrent turns exactly once and keeps every conversation count', async () => {
    const runId = Date.now().toString(36);
    const turns = Array.from({ length: CONVERSATIONS * TURNS_PER_CONVERSATION }, (_, index) => ({
      conversation: Math.floor(index / TURNS_PER_CONVERSATION),
      turn: index % TURNS_PER_CONVERSATION,
      port: ports[index % 2],
    }));
    const responses = await Promise.all(
      turns.map(async ({ conversation, turn, port }) => {
        const res = await fetch(`http://127.0.0.1:${port}/v1/conversation-analytics/assess`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            event: {
              eventId: `evt:${runId}:${conversation}:${turn}`,
              conversationId: `conv_${runId}_${conversation}`,
              text: `turn-${conversation}-${turn}`,
            },
          }),
        });
        return { status: res.status, body: (await res.json()) as AssessResponse, turn };
      }),
    );

    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
    for (const { body, turn } of responses) {
      expect(body.engine).toMatchObject({ stages: ['rules', 'llm'], model: 'scale-model' });
      expect(body.categories.dependency.level).toBe(turn % 2 === 0 ? 'high' : 'none');
    }
    // Exactly one model call per turn: no turn refined twice, none skipped.
    const asked = server.requests.map((request) => request.messages.at(-1)?.content ?? '');
    const askedTurns = asked.map(
      (prompt) => /turn-\d+-\d+/.exec(prompt.split('<turn')[1] ?? '')?.[0],
    );
    expect(askedTurns).toHaveLength(100);
    expect(new Set(askedTurns).size).toBe(100);

    // Every conversation counted all ten turns, each exactly once.
    for (let conversation = 0; conversation < CONVERSATIONS; conversation += 1) {
      const counted = responses
        .filter((_, index) => Math.floor(index / TURNS_PER_CONVERSATION) === conversation)
        .map((r) => r.body.conversation.turns)
        .sort((a, b) => a - b);
      expect(counted).toEqual(Array.from({ length: TURNS_PER_CONVERSATION }, (_, i) => i + 1));
    }
  });
});
