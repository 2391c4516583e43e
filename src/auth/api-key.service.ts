import { Injectable } from '@nestjs/common';
import { newId, nowIso } from '../persistence/columns';
import {
  ApiKeyEntity,
  type ApiKeyMode,
  type ApiKeyScope,
} from '../persistence/entities/api-key.entity';
import { ApiKeyRepository } from '../persistence/repositories/api-key.repository';
import { ApiKeyCache } from './api-key-cache';
import { generateApiKey, hashApiKey, looksLikeApiKey } from './api-key.util';
import type { AuthContext } from './auth-context';

/** last_used_at is written at most this often per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export type CreatedApiKey = { key: ApiKeyEntity; plaintext: string };

@Injectable()
export class ApiKeyService {
  private readonly lastUsedWritten = new Map<string, number>();
  private readonly cache = new ApiKeyCache();

  constructor(private readonly keys: ApiKeyRepository) {}

  /** The plaintext is returned here once and never stored. */
  async create(input: {
    tenantId: string;
    mode: ApiKeyMode;
    scopes: ApiKeyScope[];
    name: string;
  }): Promise<CreatedApiKey> {
    const { plaintext, prefix } = generateApiKey(input.mode);
    const key = Object.assign(new ApiKeyEntity(), {
      id: newId(),
      tenantId: input.tenantId,
      name: input.name,
      mode: input.mode,
      prefix,
      keyHash: hashApiKey(plaintext),
      scopes: [...new Set(input.scopes)],
      createdAt: nowIso(),
      revokedAt: null,
      lastUsedAt: null,
    });
    await this.keys.insert(key);
    return { key, plaintext };
  }

  list(tenantId?: string): Promise<ApiKeyEntity[]> {
    return this.keys.listForTenant(tenantId);
  }

  /** The one way to revoke: it also drops the key from this process's cache. */
  async revoke(id: string): Promise<boolean> {
    const revoked = await this.keys.revoke(id, nowIso());
    this.cache.forget(id);
    return revoked;
  }

  /**
   * Returns null for an unknown, malformed or revoked key. A revocation is effective at once
   * on every instance: see ApiKeyCache for when the database read is skipped.
   */
  async authenticate(token: string): Promise<AuthContext | null> {
    if (!looksLikeApiKey(token)) return null;
    const keyHash = hashApiKey(token);
    const marker = this.keys.externalChangeMarker();
    const cached = this.cache.get(keyHash, marker);
    if (cached) {
      this.noteUse(cached.keyId);
      return cached;
    }
    const lookupToken = this.cache.lookupToken();
    const key = await this.keys.findActiveByHash(keyHash);
    if (!key) return null;
    // Frozen: the cached object is shared by every request of this key.
    const auth: AuthContext = Object.freeze({
      tenantId: key.tenantId,
      keyId: key.id,
      mode: key.mode,
      scopes: Object.freeze(key.scopes),
    });
    this.cache.set(keyHash, auth, marker, lookupToken);
    this.noteUse(key.id);
    return auth;
  }

  private noteUse(keyId: string): void {
    const now = Date.now();
    if (now - (this.lastUsedWritten.get(keyId) ?? 0) < LAST_USED_RESOLUTION_MS) return;
    this.lastUsedWritten.set(keyId, now);
    // Fire and forget: a lost last-used update must never fail the request.
    void this.keys.touchLastUsed(keyId, new Date(now).toISOString()).catch(() => undefined);
  }
}
