import { createReadStream, type ReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/**
 * Streams a JSON-lines file, plain or gzip-compressed, one parsed object at a time, so a
 * file of any size is read in bounded memory. Gzip is recognised by its magic bytes, not
 * the file name, so a mislabelled file still reads.
 */

export class JsonlParseError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${file}:${line}: ${detail}`);
    this.name = 'JsonlParseError';
  }
}

export type JsonlRecord = {
  line: number;
  value: Record<string, unknown>;
  /** Uncompressed bytes consumed up to the end of this line: for progress bars. */
  bytesRead: number;
};

const GZIP_MAGIC = [0x1f, 0x8b];

export async function isGzipFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

/**
 * The uncompressed size of the file: its size, or for gzip the ISIZE trailer (size mod
 * 2^32 of the last member: exact for ordinary files under 4 GiB, an estimate otherwise).
 */
export async function uncompressedSize(path: string): Promise<number> {
  const { size } = await stat(path);
  if (!(await isGzipFile(path)) || size < 18) return size;
  const handle = await open(path, 'r');
  try {
    const trailer = Buffer.alloc(4);
    await handle.read(trailer, 0, 4, size - 4);
    return trailer.readUInt32LE(0);
  } finally {
    await handle.close();
  }
}

async function openText(path: string): Promise<{ raw: ReadStream; text: Readable }> {
  const raw = createReadStream(path);
  if (!(await isGzipFile(path))) return { raw, text: raw };
  const gunzip = createGunzip();
  raw.on('error', (error) => gunzip.destroy(error));
  return { raw, text: raw.pipe(gunzip) };
}

/** Yields every non-blank line as an object; a line that is not a JSON object throws. */
export async function* readJsonl(path: string): AsyncGenerator<JsonlRecord> {
  const { raw, text: input } = await openText(path);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  let consumed = 0;
  try {
    for await (const text of lines) {
      lineNumber += 1;
      consumed += Buffer.byteLength(text) + 1;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new JsonlParseError(path, lineNumber, `invalid JSON (${(error as Error).message})`);
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new JsonlParseError(path, lineNumber, 'expected a JSON object');
      }
      yield { line: lineNumber, value: value as Record<string, unknown>, bytesRead: consumed };
    }
  } finally {
    lines.close();
    input.destroy();
    raw.destroy();
  }
}
