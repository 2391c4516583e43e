import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';

/**
 * Writes objects as JSON lines with back-pressure (the caller awaits each write, so a fast
 * producer never buffers the whole output). A path ending in `.gz` is gzip-compressed.
 */
export class JsonlWriter {
  private readonly file: WriteStream;
  private readonly sink: Writable;
  private failure: Error | null = null;

  constructor(readonly path: string) {
    this.file = createWriteStream(path);
    if (path.endsWith('.gz')) {
      const gzip = createGzip();
      gzip.pipe(this.file);
      this.sink = gzip;
    } else {
      this.sink = this.file;
    }
    this.sink.on('error', (error) => (this.failure ??= error));
    // A file error must also wake a writer waiting for 'drain' on the gzip stream.
    this.file.on('error', (error) => {
      this.failure ??= error;
      if (this.sink !== this.file) this.sink.destroy(error);
    });
  }

  async write(value: unknown): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.sink.write(`${JSON.stringify(value)}\n`)) {
      await once(this.sink, 'drain'); // rejects if the sink errors meanwhile
    }
  }

  /** Flushes and closes; resolves once the file is completely on disk. */
  async close(): Promise<void> {
    const finished = once(this.file, 'close');
    this.sink.end();
    await finished;
    if (this.failure) throw this.failure;
  }
}
