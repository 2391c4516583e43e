import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { TurnAssessment } from '../../src/batch/turn-assessor';
import { CATEGORY_IDS } from '../../src/engine/taxonomy';

const run = promisify(execFile);
const root = resolve(__dirname, '../..');

/**
 * Runs the batch/eval entry as `npm run assess|eval` does. `--partial` keeps these plumbing
 * tests independent of whether every plugin and pack loads cleanly right now.
 */
function cli(command: string, ...args: string[]) {
  const argv = ['-r', '@swc-node/register', 'src/eval/eval-cli.ts', command, '--partial', ...args];
  return run(process.execPath, argv, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
}

const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('assess and eval CLI, end to end', () => {
  // Each call loads the whole rule set in a fresh process; generous for a busy CI box.
  jest.setTimeout(240_000);
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ca-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const items = [
    {
      id: 'a',
      text: 'hello, how are you today?',
      lang: 'en',
      labels: { harassment: 0 },
      source: 'tiny',
    },
    { id: 'b', text: '오늘 날씨 좋네요', lang: 'ko', labels: { harassment: 0 }, source: 'tiny' },
    {
      id: 'c',
      text: 'first turn',
      conversationId: 'conv_1',
      lang: 'en',
      labels: {},
      source: 'tiny',
    },
    {
      id: 'd',
      text: 'second turn',
      conversationId: 'conv_1',
      lang: 'en',
      labels: {},
      source: 'tiny',
    },
  ];

  it('assesses a gzip JSONL file into {"id","assessment"} lines, in order', async () => {
    const input = join(dir, 'in.jsonl.gz');
    const output = join(dir, 'out.jsonl');
    await writeFile(input, gzipSync(items.map((item) => JSON.stringify(item)).join('\n')));
    const { stdout, stderr } = await cli('assess', '--input', input, '--output', output);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/assessed 4 turns with rules \S+ ->/);

    const written = lines(await readFile(output, 'utf8'));
    expect(written.map((line) => line.id)).toEqual(['a', 'b', 'c', 'd']);
    for (const line of written) {
      expect(Object.keys(line)).toEqual(['id', 'assessment']);
      const assessment = line.assessment as TurnAssessment;
      expect(Object.keys(assessment.categories).sort()).toEqual([...CATEGORY_IDS].sort());
      expect(assessment.engine.stages).toEqual(['rules']);
      expect(assessment.engine.model).toBe('none');
    }
    // the two turns of conv_1 share state; the others are single turns
    const turns = written.map((line) => (line.assessment as TurnAssessment).conversation.turns);
    expect(turns).toEqual([1, 1, 1, 2]);
  });

  it('assesses one --text turn and prints it; small talk is none', async () => {
    const { stdout } = await cli('assess', '--text', 'what a lovely morning');
    const assessment = JSON.parse(stdout);
    expect(assessment.severity).toBe('none');
    expect(assessment.reasons).toEqual([]);
  });

  it('rejects a line without text, naming file and line', async () => {
    const input = join(dir, 'bad.jsonl');
    await writeFile(input, '{"id":"1","text":"ok"}\n{"id":"2"}\n');
    await expect(cli('assess', '--input', input, '--output', join(dir, 'x.jsonl'))).rejects.toThrow(
      `${input}:2: "text" must be a string`,
    );
  });

  it('evaluates labelled files and the assess output joined by id, writing the reports', async () => {
    const labelled = join(dir, 'tiny.jsonl');
    await writeFile(labelled, items.map((item) => JSON.stringify(item)).join('\n'));
    const out = join(dir, 'report');
    const direct = await cli('eval', labelled, '--out', out);
    expect(direct.stdout).toContain('| acceptance number | value | target | result | detail |');
    expect(direct.stdout).toMatch(/^4 items/);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report.items).toBe(4);
    expect(report.sources[0]).toEqual(
      expect.objectContaining({
        source: 'tiny',
        benignProbe: expect.objectContaining({ items: 2 }),
      }),
    );
    expect(await readFile(join(out, 'report.md'), 'utf8')).toContain(
      '# Rules-stage evaluation report',
    );

    // the same scores when joined with the assess output instead of running rules
    const predictions = join(dir, 'pred.jsonl');
    await cli('assess', '--input', labelled, '--output', predictions);
    const joined = await cli('eval', labelled, '--predictions', predictions, '--no-write');
    expect(joined.stdout.split('\n').slice(1)).toEqual(direct.stdout.split('\n').slice(1));

    // and the same counts with the files shared out over worker threads
    const second = join(dir, 'second.jsonl');
    await writeFile(second, JSON.stringify({ ...items[0], id: 'z', source: 'other' }));
    const oneThread = await cli('eval', labelled, second, '--no-write');
    const twoThreads = await cli('eval', labelled, second, '--no-write', '--workers', '2');
    expect(twoThreads.stdout.split('\n').slice(1)).toEqual(oneThread.stdout.split('\n').slice(1));
  });
});
