import { Presets, SingleBar } from 'cli-progress';

/** Progress of a long file run, in bytes of input read. */
export interface ProgressReporter {
  start(totalBytes: number, label: string): void;
  update(bytesRead: number, turns: number): void;
  stop(): void;
}

const silent: ProgressReporter = { start() {}, update() {}, stop() {} };

/**
 * A progress bar on stderr when stderr is a terminal, so stdout stays clean for
 * piping and CI logs never fill with redraws; silent otherwise.
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  if (!stream.isTTY) return silent;
  const bar = new SingleBar(
    {
      stream,
      format: '{label} [{bar}] {percentage}% | {turns} turns | ETA {eta_formatted}',
      hideCursor: true,
      fps: 5,
    },
    Presets.shades_classic,
  );
  return {
    start: (totalBytes, label) => bar.start(Math.max(1, totalBytes), 0, { label, turns: 0 }),
    update: (bytesRead, turns) => bar.update(bytesRead, { turns }),
    stop: () => bar.stop(),
  };
}
