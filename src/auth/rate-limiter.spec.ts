import { RateLimiter } from './rate-limiter';

describe(RateLimiter.name, () => {
  it('allows the limit per window, then refuses until the window resets', () => {
    const sut = new RateLimiter(2, 10_000);
    expect(sut.take('k', 0)).toMatchObject({ allowed: true, remaining: 1, limit: 2 });
    expect(sut.take('k', 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(sut.take('k', 2)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 10 });
    expect(sut.take('other', 2).allowed).toBe(true);
    expect(sut.take('k', 10_000)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('is disabled with a limit of 0', () => {
    expect(new RateLimiter(0, 1000).enabled).toBe(false);
  });
});
