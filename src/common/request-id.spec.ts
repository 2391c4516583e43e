import { isValid } from 'ulid';
import { newRequestId, pooledRandomFraction } from './request-id';

describe('newRequestId', () => {
  it('makes req_-prefixed ULIDs that do not repeat across pool refills', () => {
    const ids = Array.from({ length: 2_000 }, () => newRequestId());
    for (const id of ids) {
      expect(id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(isValid(id.slice(4))).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws fractions in [0, 1) that cover the byte range', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 20_000; i++) {
      const value = pooledRandomFraction();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      seen.add(value);
    }
    expect(seen.size).toBe(256);
  });
});
