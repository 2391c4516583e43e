import { BullmqQueueDriver } from '../../../src/queue/drivers/bullmq.driver';
import { InlineQueueDriver } from '../../../src/queue/drivers/inline.driver';
import { deterministicJobId } from '../../../src/queue/job-id';
import type { QueueDriver } from '../../../src/queue/queue-driver';
import { queueConfigFromEnv, type QueueConfig } from '../../../src/queue/queue.config';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../llm/llm-test-kit';
import { TcpProxy } from './tcp-proxy';

/** The two drivers keep the same contract: dedupe by id, bounded waits, late results, drain. */
type Echo = { value: string; delayMs: number };

function config(prefix: string, redisUrl?: string): QueueConfig {
  return {
    ...queueConfigFromEnv({}),
    prefix,
    redisUrl,
    runWorkers: true,
    lateResultWindowMs: 5000,
  };
}

const makers: [string, (prefix: string) => Promise<QueueDriver>][] = [
  ['inline', async () => new InlineQueueDriver(60_000)],
  [
    'bullmq',
    async (prefix) => {
      const driver = new BullmqQueueDriver({ ...config(prefix, REDIS_URL), redisUrl: REDIS_URL });
      await driver.openQueues(['llm-refinement']);
      return driver;
    },
  ],
];

describe.each(makers)('%s queue driver', (name, make) => {
  const prefix = uniquePrefix(`queue-${name}`);
  let driver: QueueDriver;
  let runs: string[];

  beforeAll(async () => {
    driver = await make(prefix);
    runs = [];
    driver.registerHandler<Echo, string>('llm-refinement', async (data) => {
      runs.push(data.value);
      await new Promise((resolve) => setTimeout(resolve, data.delayMs));
      return `done ${data.value}`;
    });
    await driver.startWorkers();
  });

  afterAll(async () => {
    await driver.close();
    if (name === 'bullmq') await deleteRedisPrefix(prefix);
  });

  const job = (value: string, delayMs = 0) => ({
    queue: 'llm-refinement' as const,
    name: 'llm.refine-assessment' as const,
    jobId: deterministicJobId('test', ['tenant:1', 'live', 'conv', `evt:${value}`]),
    data: { value, delayMs },
  });

  it('builds ids BullMQ accepts from parts that contain colons', () => {
    const id = deterministicJobId('refine', ['t:1', 'live', 'c:1', 'e:1']);
    expect(id).toMatch(/^refine-[0-9a-f]{40}$/);
    expect(id).toBe(deterministicJobId('refine', ['t:1', 'live', 'c:1', 'e:1']));
    expect(id).not.toBe(deterministicJobId('refine', ['t:1', 'live:c', '1', 'e:1']));
  });

  it('runs a job once however many times it is submitted', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => driver.runAndWait<Echo, string>(job('once', 100), 2000)),
    );
    const again = await driver.runAndWait<Echo, string>(job('once', 100), 2000);
    expect([...results, again].map((r) => r.status === 'completed' && r.result)).toEqual(
      Array(6).fill('done once'),
    );
    expect(runs.filter((value) => value === 'once')).toHaveLength(1);
  });

  it('stops waiting at the timeout and still hands over the late result', async () => {
    // A waiter that ignored its timeout would get 'completed' after the job's 400 ms.
    const outcome = await driver.runAndWait<Echo, string>(job('late', 400), 100);
    expect(outcome.status).toBe('timeout');
    if (outcome.status === 'timeout') await expect(outcome.late).resolves.toBe('done late');
  });

  it('drains running jobs on close before returning', async () => {
    const local = await make(`${prefix}-drain`);
    let finished = false;
    local.registerHandler<Echo, string>('llm-refinement', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
      return 'drained';
    });
    await local.startWorkers();
    const pending = local.runAndWait<Echo, string>(job('drain'), 2000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await local.close();
    expect(finished).toBe(true);
    await expect(pending).resolves.toMatchObject({ status: 'completed', result: 'drained' });
    if (name === 'bullmq') await deleteRedisPrefix(`${prefix}-drain`);
  });
});

describe('bullmq driver when Redis fails mid-request', () => {
  const prefix = uniquePrefix('queue-redis-cut');
  const proxy = new TcpProxy('127.0.0.1', Number(new URL(REDIS_URL).port || 6379));
  let driver: BullmqQueueDriver;

  beforeAll(async () => {
    await proxy.start();
    driver = new BullmqQueueDriver({
      ...config(prefix, proxy.url),
      redisUrl: proxy.url,
      lateResultWindowMs: 500,
    });
    await driver.openQueues(['llm-refinement']);
    driver.registerHandler<Echo, string>('llm-refinement', async (data) => {
      await new Promise((resolve) => setTimeout(resolve, data.delayMs));
      return 'never seen';
    });
    await driver.startWorkers();
  });

  afterAll(async () => {
    await driver.close();
    await deleteRedisPrefix(prefix);
  });

  it('never leaves the waiter hanging, and later submissions fail fast', async () => {
    const started = Date.now();
    const waiting = driver.runAndWait<Echo, string>(
      {
        queue: 'llm-refinement',
        name: 'llm.refine-assessment',
        jobId: deterministicJobId('test', ['cut', '1']),
        data: { value: 'cut', delayMs: 500 },
      },
      800,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    await proxy.cut();
    const outcome = await waiting.catch((error: Error) => ({ status: 'failed', error }));
    expect(['timeout', 'failed']).toContain(outcome.status);
    // Bounded by the 800 ms wait, not by Redis coming back (it never does); slack for loaded CI.
    expect(Date.now() - started).toBeLessThan(3000);
    if (outcome.status === 'timeout') {
      (outcome as { late: Promise<unknown> }).late.catch(() => undefined);
    }

    const second = Date.now();
    const next = await driver
      .runAndWait(
        {
          queue: 'llm-refinement',
          name: 'llm.refine-assessment',
          jobId: deterministicJobId('test', ['cut', '2']),
          data: { value: 'cut2', delayMs: 0 },
        },
        800,
      )
      .then(
        (result) => result.status,
        () => 'failed',
      );
    expect(['timeout', 'failed']).toContain(next);
    expect(Date.now() - second).toBeLessThan(3000);
  });
});
