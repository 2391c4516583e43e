/** What one request may do under its key's limit, and what the RateLimit-* headers say. */
export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
};

/** A per-key fixed-window limiter; async because the shared one asks Redis. */
export interface RateLimiter {
  readonly enabled: boolean;
  take(key: string, now?: number): Promise<RateDecision>;
}

/** Fixed windows aligned to the epoch, so every instance agrees on where a window starts. */
export const windowIndex = (now: number, windowMs: number): number => Math.floor(now / windowMs);

export function decide(count: number, limit: number, windowMs: number, now: number): RateDecision {
  const resetAt = (windowIndex(now, windowMs) + 1) * windowMs;
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
  };
}

/**
 * Counts in process memory: exact for one instance (the embedded default). With several
 * instances and no Redis each enforces the limit on its own share of the traffic.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { index: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  get enabled(): boolean {
    return this.limit > 0;
  }

  takeNow(key: string, now = Date.now()): RateDecision {
    const index = windowIndex(now, this.windowMs);
    let window = this.windows.get(key);
    if (!window || window.index !== index) {
      if (this.windows.size > 100_000) this.windows.clear(); // bound memory under key churn
      window = { index, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    return decide(window.count, this.limit, this.windowMs, now);
  }

  take(key: string, now = Date.now()): Promise<RateDecision> {
    return Promise.resolve(this.takeNow(key, now));
  }
}
