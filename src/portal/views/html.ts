import type { Response } from 'express';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The page frame. `body` must already be escaped HTML; `title` is escaped here. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Conversation Analytics</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main>${body}</main></body></html>`;
}

export function loginPage(message?: string): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/portal/login">
<label>Email <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>`,
  );
}

/** Portal pages: never cached, no inline scripts, not framed. */
export function sendHtml(response: Response, status: number, body: string): void {
  response
    .status(status)
    .setHeader('Content-Type', 'text/html; charset=utf-8')
    .setHeader('Cache-Control', 'no-store')
    .setHeader('Content-Security-Policy', "default-src 'self'; frame-ancestors 'none'")
    .send(body);
}
