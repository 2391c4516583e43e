import { MemoryRateLimiter, decide } from './rate-limiter';

describe(MemoryRateLimiter.name, () => {
  it('allows the limit per window, then refuses until the window resets', async () => {
    const sut = new MemoryRateLimiter(2, 10_000);
    expect(await sut.take('k', 0)).toMatchObject({ allowed: true, remaining: 1, limit: 2 });
    expect(await sut.take('k', 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await sut.take('k', 2)).toMatchObject({
      allowed: false,
      remaining: 0,
      resetSeconds: 10,
    });
    expect((await sut.take('other', 2)).allowed).toBe(true);
    expect(await sut.take('k', 10_000)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('is disabled with a limit of 0', () => {
    expect(new MemoryRateLimiter(0, 1000).enabled).toBe(false);
  });
});

describe('decide', () => {
  it('aligns windows to the epoch, so every instance reports the same reset', () => {
    expect(decide(1, 5, 10_000, 12_500)).toMatchObject({ allowed: true, resetSeconds: 8 });
    expect(decide(6, 5, 10_000, 19_999)).toMatchObject({
      allowed: false,
      remaining: 0,
      resetSeconds: 1,
    });
  });
});
