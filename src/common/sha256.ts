import { hash } from 'node:crypto';

/**
 * Hex sha256 of a string. Node's one-shot `hash` skips the Hash object `createHash` builds
 * (about four times faster on short input); the assess route hashes twice per request (the
 * API key and the turn text).
 */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');
