import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorLog } from '../../src/eval/error-log';
import { toLabelledItem } from '../../src/eval/labelled-item';

describe('ErrorLog', () => {
  it('writes misses and false alarms without text, capped per source, target and kind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ca-errors-'));
    try {
      const path = join(dir, 'errors.jsonl');
      const log = new ErrorLog(path, 1);
      const item = (id: string) =>
        toLabelledItem({ id, text: 'secret text', lang: 'ko', source: 's' }, 'f');
      await log.record(item('1'), [
        { target: 'harassment', positive: true, flagged: false, score: 0.1 },
        { target: 'pii', positive: false, flagged: true, score: 0.4 },
        { target: 'sexual', positive: true, flagged: true, score: 0.9 }, // correct: not written
      ]);
      await log.record(item('2'), [
        { target: 'harassment', positive: true, flagged: false, score: 0 }, // over the cap
      ]);
      await log.close();
      const text = await readFile(path, 'utf8');
      expect(text).not.toContain('secret text');
      expect(
        text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).toEqual([
        {
          id: '1',
          source: 's',
          lang: 'ko',
          target: 'harassment',
          kind: 'false_negative',
          score: 0.1,
        },
        { id: '1', source: 's', lang: 'ko', target: 'pii', kind: 'false_positive', score: 0.4 },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
