import { generateApiKey, hashApiKey, looksLikeApiKey } from './api-key.util';

describe('API key format', () => {
  it('makes ca_live_/ca_test_ keys of 32 base62 characters, each different', () => {
    const live = generateApiKey('live');
    const test = generateApiKey('test');
    expect(live.plaintext).toMatch(/^ca_live_[0-9A-Za-z]{32}$/);
    expect(test.plaintext).toMatch(/^ca_test_[0-9A-Za-z]{32}$/);
    expect(live.prefix).toBe(live.plaintext.slice(0, 12));
    const many = new Set(Array.from({ length: 1000 }, () => generateApiKey('test').plaintext));
    expect(many.size).toBe(1000);
  });

  it('hashes with sha256 hex and recognises only well-formed keys', () => {
    const { plaintext } = generateApiKey('test');
    expect(hashApiKey(plaintext)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(plaintext)).not.toContain(plaintext.slice(8));
    expect(looksLikeApiKey(plaintext)).toBe(true);
    expect(looksLikeApiKey('ca_prod_abc')).toBe(false);
    expect(looksLikeApiKey(`${plaintext}x`)).toBe(false);
  });
});
