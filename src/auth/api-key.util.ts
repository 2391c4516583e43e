import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../common/sha256';
import type { ApiKeyMode } from '../persistence/entities/api-key.entity';

/**
 * Keys are `ca_live_` / `ca_test_` + 32 base62 characters from 24 random bytes (192 bits).
 * They are stored as sha256: with that much entropy a brute-force or dictionary attack on
 * the hash is hopeless, so a slow password hash (argon2/scrypt) would only cost latency on
 * every request without adding security.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^ca_(live|test)_[0-9A-Za-z]{32}$/;

export const hashApiKey = (plaintext: string): string => sha256Hex(plaintext);

export function generateApiKey(mode: ApiKeyMode): { plaintext: string; prefix: string } {
  let value = BigInt(`0x${randomBytes(24).toString('hex')}`);
  let body = '';
  for (let i = 0; i < 32; i++) {
    body += ALPHABET[Number(value % 62n)];
    value /= 62n;
  }
  const plaintext = `ca_${mode}_${body}`;
  return { plaintext, prefix: plaintext.slice(0, 12) };
}

export const looksLikeApiKey = (token: string): boolean => KEY_PATTERN.test(token);
