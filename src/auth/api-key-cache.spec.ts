import { ApiKeyCache } from './api-key-cache';
import type { AuthContext } from './auth-context';

const auth = (keyId: string): AuthContext => ({
  tenantId: 't1',
  keyId,
  mode: 'test',
  scopes: ['assess'],
});

describe(ApiKeyCache.name, () => {
  it('answers from memory only while no other writer has committed (marker unchanged)', () => {
    const sut = new ApiKeyCache();
    sut.set('hash-a', auth('a'), 7, sut.lookupToken());
    expect(sut.get('hash-a', 7)).toEqual(auth('a'));
    expect(sut.get('hash-a', 8)).toBeUndefined();
    // Dropped, not just hidden: the old marker no longer finds it either.
    expect(sut.get('hash-a', 7)).toBeUndefined();
  });

  it('caches nothing where the database offers no marker (several instances)', () => {
    const sut = new ApiKeyCache();
    sut.set('hash-a', auth('a'), null, sut.lookupToken());
    expect(sut.get('hash-a', null)).toBeUndefined();
    expect(sut.get('hash-a', 1)).toBeUndefined();
  });

  it('forgets a revoked key at once and keeps the others', () => {
    const sut = new ApiKeyCache();
    sut.set('hash-a', auth('a'), 1, sut.lookupToken());
    sut.set('hash-b', auth('b'), 1, sut.lookupToken());
    sut.forget('a');
    expect(sut.get('hash-a', 1)).toBeUndefined();
    expect(sut.get('hash-b', 1)).toEqual(auth('b'));
  });

  it('does not cache a lookup that overlapped a revocation', () => {
    const sut = new ApiKeyCache();
    const token = sut.lookupToken(); // database read starts (key still active)...
    sut.forget('a'); // ...the key is revoked meanwhile...
    sut.set('hash-a', auth('a'), 1, token); // ...and the stale result comes back
    expect(sut.get('hash-a', 1)).toBeUndefined();
  });
});
