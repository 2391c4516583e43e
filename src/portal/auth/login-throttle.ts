/**
 * Failed sign-ins per (email, IP): after MAX_FAILURES within WINDOW_MS further attempts are
 * refused until the window passes, even with the right password, so guessing cannot continue.
 * A success clears the count. In memory, per instance: with N instances an attacker gets at
 * most N times the budget, which still stops online guessing.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  isBlocked(email: string, ip: string): boolean {
    return this.recent(`${email}\n${ip}`).length >= MAX_FAILURES;
  }

  recordFailure(email: string, ip: string): void {
    const key = `${email}\n${ip}`;
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  recordSuccess(email: string, ip: string): void {
    this.failures.delete(`${email}\n${ip}`);
  }
}
