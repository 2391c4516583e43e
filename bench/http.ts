import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * npm run bench:http: one run, same body shape and connections, against (1) a bare echo app
 * of the same stack and (2) the full assess route of the real service on the embedded
 * default (SQLite in a temp dir). Prints req/s, p50, p99 and the ratio (target >= 45%).
 * Each server runs in its own process; the load generator runs here. Both servers run for
 * the whole bench and take turns in short slices (bare, assess, bare, ...), so load from
 * anything else on the machine falls on both sides alike instead of on whichever ran
 * while it lasted.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SLICES = Number(process.env.BENCH_SLICES ?? 5);
/**
 * Optional: another checkout of the service (with its node_modules), e.g. the main branch, run
 * as a third target in the same alternation, so a change is compared with its baseline under
 * the same load instead of across runs minutes apart.
 */
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR;
/** Optional: a folder for each server's V8 CPU profile (written when the bench stops them). */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const CONVERSATIONS = 500;
const TEXTS = [
  'Hi! How was your day? Mine was pretty relaxing, I watched a movie.',
  '안녕! 오늘 하루 어땠어? 나는 영화 보면서 푹 쉬었어.',
  'What should we cook tonight? I was thinking pasta with mushrooms.',
];

type Server = { process: ChildProcess; port: number; output: string[] };

function startServer(
  script: string,
  env: Record<string, string>,
  port: number,
  ready: RegExp,
  cwd = process.cwd(),
): Promise<Server> {
  return new Promise((resolve, reject) => {
    // The runtime flag `npm start` uses, so both servers run as the shipped service does.
    const child = spawn(
      process.execPath,
      [
        '--max-semi-space-size=32',
        ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
        '-r',
        '@swc-node/register',
        script,
      ],
      {
        cwd,
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: string[] = [];
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (ready.test(output.join(''))) {
        clearTimeout(timer);
        resolve({ process: child, port, output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', (code) =>
      reject(new Error(`${script} exited with ${code}: ${output.join('')}`)),
    );
  });
}

/**
 * CPU seconds (all threads) the server process has used so far, from /proc (Linux; USER_HZ is
 * 100 there). Null elsewhere. Throughput on a shared machine moves with other load; CPU time
 * per request moves much less, so it is printed beside req/s.
 */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

type Target = {
  server: Server;
  path: string;
  headers: Record<string, string>;
  /** Requests sent so far: every request is a new event, across slices too. */
  sent: number;
};

type Slice = {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuSeconds: number | null;
};

async function measureSlice(target: Target, seconds: number): Promise<Slice> {
  const cpuBefore = cpuSeconds(target.server.process.pid);
  const started = performance.now();
  const result = await autocannon({
    url: `http://127.0.0.1:${target.server.port}${target.path}`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...target.headers },
    requests: [
      {
        // A fresh event per request (new eventId, spread over many conversations), so the
        // assess route does its full work every time instead of answering duplicates.
        setupRequest: (request) => {
          const n = target.sent++;
          return {
            ...request,
            body: JSON.stringify({
              event: {
                eventId: `evt_bench${process.pid}_${n}`,
                conversationId: `conv_bench${n % CONVERSATIONS}`,
                userIdHash: `u_bench${n % 97}`,
                turnIndex: Math.floor(n / CONVERSATIONS),
                speakerType: 'user',
                text: TEXTS[n % TEXTS.length],
                timestamp: '2025-03-14T09:26:53.589Z',
                characterId: 'char_luna',
              },
            }),
          };
        },
      },
    ],
  });
  const cpuAfter = cpuSeconds(target.server.process.pid);
  return {
    requests: result.requests.total,
    seconds: (performance.now() - started) / 1000,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Totals over a target's slices; latency percentiles are the median of the slices'. */
function summarise(slices: Slice[]) {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const cpu = slices.every((slice) => slice.cpuSeconds !== null)
    ? slices.reduce((sum, slice) => sum + (slice.cpuSeconds ?? 0), 0)
    : null;
  return {
    rps: requests / seconds,
    p50: median(slices.map((slice) => slice.p50)),
    p99: median(slices.map((slice) => slice.p99)),
    non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
    cpuUsPerRequest: cpu === null || requests === 0 ? null : (cpu / requests) * 1e6,
  };
}

/** Mean time per pipeline stage, from the app's own /metrics, to show where time goes. */
async function stageLatencies(port: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const read = (kind: 'sum' | 'count') =>
    new Map(
      [
        ...text.matchAll(
          new RegExp(
            `assessment_stage_duration_seconds_${kind}\\{stage="(\\w+)"[^}]*\\} ([\\d.e+-]+)`,
            'g',
          ),
        ),
      ].map((match) => [match[1], Number(match[2])]),
    );
  const sums = read('sum');
  const counts = read('count');
  return Object.fromEntries(
    [...sums].map(([stage, sum]) => [stage, (sum / (counts.get(stage) || 1)) * 1000]),
  );
}

async function stop(server: Server): Promise<void> {
  server.process.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    server.process.once('exit', () => resolve());
    server.process.kill('SIGTERM');
    setTimeout(() => server.process.kill('SIGKILL'), 5_000).unref();
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ca-bench-'));
  const results: Record<string, ReturnType<typeof summarise>> = {};
  let stageMeans: Record<string, number> = {};
  const servers: Server[] = [];
  try {
    const bare = await startServer('bench/http-bare-server.ts', {}, 39_101, /listening/);
    servers.push(bare);
    // The real service on a fresh SQLite file, answering with the first-run key it prints.
    const startService = async (cwd: string, port: number, file: string): Promise<Target> => {
      const server = await startServer(
        'src/main.ts',
        {
          SQLITE_PATH: join(dataDir, file),
          RATE_LIMIT_REQUESTS: '0',
          LOG_LEVEL: 'warn',
          ROLE: 'api',
        },
        port,
        /curl -s http[^\n]*\n[^\n]*ca_test_/,
        cwd,
      );
      servers.push(server);
      const key = /ca_test_[0-9A-Za-z]{32}/.exec(server.output.join(''))?.[0];
      if (!key) throw new Error(`no first-run key printed by ${cwd}`);
      return {
        server,
        path: '/v1/conversation-analytics/assess',
        headers: { authorization: `Bearer ${key}` },
        sent: 0,
      };
    };

    const targets: Record<string, Target> = {
      bare: { server: bare, path: '/echo', headers: {}, sent: 0 },
      assess: await startService(process.cwd(), 39_102, 'bench.sqlite'),
    };
    if (BASELINE_DIR) {
      targets.baseline = await startService(BASELINE_DIR, 39_103, 'baseline.sqlite');
    }
    const slices: Record<string, Slice[]> = Object.fromEntries(
      Object.keys(targets).map((name) => [name, [] as Slice[]]),
    );
    for (let slice = 0; slice < SLICES; slice++) {
      for (const [name, target] of Object.entries(targets)) {
        slices[name].push(await measureSlice(target, DURATION_S / SLICES));
      }
    }
    for (const name of Object.keys(targets)) results[name] = summarise(slices[name]);
    stageMeans = await stageLatencies(targets.assess.server.port);
  } finally {
    for (const server of servers) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nconnections=${CONNECTIONS} duration=${DURATION_S}s per target in ${SLICES} alternating slices, one run\n`,
  );
  console.log(
    'target   req/s     p50 ms  p99 ms  non-2xx  errors  server CPU us/req  (p50/p99: median of slices)',
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name.padEnd(8)} ${r.rps.toFixed(0).padStart(8)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.non2xx).padStart(7)}  ${String(r.errors).padStart(6)}  ${r.cpuUsPerRequest === null ? 'n/a' : r.cpuUsPerRequest.toFixed(0).padStart(17)}`,
    );
  }
  for (const [stage, ms] of Object.entries(stageMeans)) {
    console.log(`mean ${stage} stage time inside assess: ${ms.toFixed(2)} ms`);
  }
  const ratio = results.assess.rps / results.bare.rps;
  console.log(
    `\nassess / bare = ${(ratio * 100).toFixed(1)}% (target >= 45%) ${ratio >= 0.45 ? 'PASS' : 'BELOW TARGET'}`,
  );
  for (const name of ['assess', 'baseline'].filter((target) => results[target])) {
    const [bareCpu, cpu] = [results.bare.cpuUsPerRequest, results[name].cpuUsPerRequest];
    // The same ratio from CPU cost, less sensitive to other load on the machine.
    if (bareCpu !== null && cpu !== null) {
      console.log(`bare / ${name} server CPU per request = ${((bareCpu / cpu) * 100).toFixed(1)}%`);
    }
  }
  if (results.baseline) {
    console.log(
      `baseline / bare = ${((results.baseline.rps / results.bare.rps) * 100).toFixed(1)}% (${BASELINE_DIR})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
