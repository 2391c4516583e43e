import { newId } from './columns';

describe('newId', () => {
  it('makes RFC 9562 version-7 UUIDs carrying the creation millisecond', () => {
    const before = Date.now();
    const id = newId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const millis = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(Date.now());
  });

  it('sorts ids of later milliseconds after earlier ones, and never repeats', async () => {
    const early = Array.from({ length: 1000 }, () => newId());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const late = newId();
    expect(early.every((id) => id < late)).toBe(true);
    expect(new Set(early).size).toBe(early.length);
  });
});
