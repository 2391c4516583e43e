/**
 * Fixed-window counter per API key, in process memory. With several instances each enforces
 * the limit on the share of traffic it receives (documented; a shared Redis limiter is the
 * next step when exact global limits matter).
 */
export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
};

export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  get enabled(): boolean {
    return this.limit > 0;
  }

  take(key: string, now = Date.now()): RateDecision {
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (this.windows.size > 100_000) this.windows.clear(); // bound memory under key churn
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    const allowed = window.count < this.limit;
    if (allowed) window.count++;
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)),
    };
  }
}
