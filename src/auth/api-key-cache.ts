import type { AuthContext } from './auth-context';

/** Bounds memory under a flood of distinct valid keys; refilled from the database. */
const MAX_ENTRIES = 10_000;

type Entry = { auth: AuthContext; marker: number };

/**
 * Recently authenticated keys by hash, so a busy key is not read from the database on every
 * request. An entry is trusted only while the database's external-change marker is what it
 * was before the entry was read (no other process has committed since), and revocations in
 * this process call `forget`. So a revocation is effective at once either way; where no
 * marker exists (PostgreSQL, several instances) nothing is cached.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every revocation: a lookup that overlapped one is not cached. */
  private revocations = 0;

  get(keyHash: string, marker: number | null): AuthContext | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (marker !== null && entry.marker === marker) return entry.auth;
    this.entries.delete(keyHash);
    return undefined;
  }

  /** Taken before the database read; `set` refuses the result if a revocation came between. */
  lookupToken(): number {
    return this.revocations;
  }

  set(keyHash: string, auth: AuthContext, marker: number | null, lookupToken: number): void {
    if (marker === null || lookupToken !== this.revocations) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(keyHash, { auth, marker });
  }

  forget(keyId: string): void {
    this.revocations++;
    for (const [keyHash, entry] of this.entries) {
      if (entry.auth.keyId === keyId) this.entries.delete(keyHash);
    }
  }
}
