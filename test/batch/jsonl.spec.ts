import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  isGzipFile,
  JsonlParseError,
  readJsonl,
  uncompressedSize,
} from '../../src/batch/jsonl-reader';
import { JsonlWriter } from '../../src/batch/jsonl-writer';

describe('JSON-lines reader and writer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ca-jsonl-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function readAll(path: string) {
    const values: unknown[] = [];
    for await (const record of readJsonl(path)) values.push(record.value);
    return values;
  }

  it('reads plain files, skipping blank lines, with CRLF too', async () => {
    const path = join(dir, 'in.jsonl');
    await writeFile(path, '{"id":"a","text":"안녕"}\r\n\n{"id":"b","text":"x"}\n');
    expect(await readAll(path)).toEqual([
      { id: 'a', text: '안녕' },
      { id: 'b', text: 'x' },
    ]);
  });

  it('detects gzip by its magic bytes, whatever the name', async () => {
    const path = join(dir, 'looks-plain.jsonl');
    await writeFile(path, gzipSync('{"id":1}\n{"id":2}'));
    expect(await isGzipFile(path)).toBe(true);
    expect(await readAll(path)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await uncompressedSize(path)).toBe('{"id":1}\n{"id":2}'.length);
  });

  it('reports progress as uncompressed bytes consumed, ending at the size', async () => {
    const path = join(dir, 'progress.jsonl.gz');
    const text = '{"id":"가"}\n{"id":"b"}\n';
    await writeFile(path, gzipSync(text));
    const progress: number[] = [];
    for await (const record of readJsonl(path)) progress.push(record.bytesRead);
    expect(progress).toEqual([Buffer.byteLength('{"id":"가"}\n'), Buffer.byteLength(text)]);
    expect(await uncompressedSize(path)).toBe(Buffer.byteLength(text));
  });

  it('names the file and line of a broken line', async () => {
    const path = join(dir, 'bad.jsonl');
    await writeFile(path, '{"id":1}\n{"id":\n');
    await expect(readAll(path)).rejects.toThrow(JsonlParseError);
    await expect(readAll(path)).rejects.toThrow(`${path}:2: invalid JSON`);
    await writeFile(path, '[1,2]\n');
    await expect(readAll(path)).rejects.toThrow(`${path}:1: expected a JSON object`);
  });

  it('writes plain and gzip output that reads back identically', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: `r${i}`,
      text: 'x'.repeat(i % 97),
    }));
    for (const name of ['out.jsonl', 'out.jsonl.gz']) {
      const path = join(dir, name);
      const writer = new JsonlWriter(path);
      for (const row of rows) await writer.write(row);
      await writer.close();
      expect(await readAll(path)).toEqual(rows);
    }
    const compressed = await readFile(join(dir, 'out.jsonl.gz'));
    expect(gunzipSync(compressed).toString().split('\n')[0]).toBe('{"id":"r0","text":""}');
  });

  it('fails the write when the output cannot be created', async () => {
    const writer = new JsonlWriter(join(dir, 'missing-dir', 'out.jsonl'));
    await expect(
      (async () => {
        await writer.write({ id: 1 });
        await writer.close();
      })(),
    ).rejects.toThrow(/ENOENT/);
  });
});
