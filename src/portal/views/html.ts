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

/**
 * A JSON data block for the page's scripts (`<script type="application/json">` is never
 * executed, so the CSP allows it). `<`, `>` and `&` are escaped as JSON unicode escapes, so hostile
 * strings cannot close the element.
 */
export function jsonData(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
  return `<script type="application/json" id="${escapeHtml(id)}">${json}</script>`;
}

/** The signed-in user, for the navigation bar and the sign-out form. */
export type PageViewer = { email: string; role: string; csrfToken: string };

/** The session's CSRF token as a hidden field: every state-changing portal form carries it. */
export const csrfField = (viewer: PageViewer): string =>
  `<input type="hidden" name="_csrf" value="${escapeHtml(viewer.csrfToken)}">`;

export type PageOptions = {
  /** Shows the navigation bar and sign-out form when set. */
  viewer?: PageViewer;
  /** Script files under /portal/assets/, loaded in order at the end of the body. */
  scripts?: string[];
};

const NAV_LINKS: ReadonlyArray<[string, string]> = [
  ['/portal/playground', 'Playground'],
  ['/portal/keys', 'API keys'],
  ['/portal/usage', 'Usage'],
  ['/portal/history', 'History'],
  ['/portal/rules', 'Rules'],
];

function navigation(viewer: PageViewer): string {
  const links = NAV_LINKS.map(([href, label]) => `<a href="${href}">${label}</a>`).join('');
  return `<header class="nav"><a class="brand" href="/portal">Conversation Analytics</a><nav>${links}</nav>
<span class="who">${escapeHtml(viewer.email)} · ${escapeHtml(viewer.role)}</span>
<form method="post" action="/portal/logout">${csrfField(viewer)}<button type="submit">Sign out</button></form></header>`;
}

/** The page frame. `body` must already be escaped HTML; `title` is escaped here. */
export function page(title: string, body: string, options: PageOptions = {}): string {
  const scripts = (options.scripts ?? [])
    .map((name) => `<script src="/portal/assets/${escapeHtml(name)}"></script>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Conversation Analytics</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/portal/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/portal/assets/portal.css"></head>
<body>${options.viewer ? navigation(options.viewer) : ''}<main>${body}</main>${scripts}</body></html>`;
}

export function loginPage(message?: string): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/portal/login" class="stack">
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
