import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'ca_portal_session';

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * Secure when the request came over TLS, directly or via a proxy saying so. Trusting the
 * header here only ever makes the cookie stricter, so a spoofed header does no harm.
 */
const overTls = (request: Request): boolean =>
  request.secure || request.headers['x-forwarded-proto'] === 'https';

export function setSessionCookie(request: Request, response: Response, value: string): void {
  response.cookie(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: overTls(request),
    path: '/portal',
  });
}

export function clearSessionCookie(request: Request, response: Response): void {
  response.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: overTls(request),
    path: '/portal',
  });
}
