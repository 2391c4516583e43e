import type { WaitOutcome } from './queue-driver';

/**
 * Races `work` against a timer. On timeout the caller gets `late` (the same work) so it can
 * still use the result; the timer is always cleared so no waiter or handle is left behind.
 */
export async function waitWithin<Result>(
  work: Promise<Result>,
  timeoutMs: number,
): Promise<WaitOutcome<Result>> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, timeoutMs));
  });
  try {
    const winner = await Promise.race([
      work.then((result) => ({ status: 'completed' as const, result })),
      timedOut,
    ]);
    if (winner === 'timeout') return { status: 'timeout', late: work };
    return winner;
  } finally {
    clearTimeout(timer);
  }
}
