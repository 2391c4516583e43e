import type { ApiKeyEntity } from '../../persistence/entities/api-key.entity';
import { API_KEY_SCOPES } from '../../persistence/entities/api-key.entity';
import type { CreateKeyForm } from '../keys/create-key.form';
import { csrfField, escapeHtml, page, type PageViewer } from './html';

/** An ISO instant as a short UTC time, with the exact instant kept in `datetime`. */
export function timeCell(iso: string | null, empty = 'never'): string {
  if (!iso) return escapeHtml(empty);
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(`${iso.slice(0, 16).replace('T', ' ')} UTC`)}</time>`;
}

/** One key: prefix only (the secret is never stored); admins get a revoke form on active keys. */
export function keyRow(key: ApiKeyEntity, viewer: PageViewer): string {
  const active = key.revokedAt === null;
  const revoke =
    active && viewer.role === 'admin'
      ? `<form method="post" action="/portal/keys/${encodeURIComponent(key.id)}/revoke" class="revoke-key">${csrfField(viewer)}<button type="submit">Revoke</button></form>`
      : '';
  return `<tr data-key-id="${escapeHtml(key.id)}" data-prefix="${escapeHtml(key.prefix)}">
<td>${escapeHtml(key.name)}</td><td><code>${escapeHtml(key.prefix)}…</code></td><td>${escapeHtml(key.mode)}</td>
<td>${escapeHtml(key.scopes.join(', '))}</td><td>${timeCell(key.createdAt)}</td><td>${timeCell(key.lastUsedAt)}</td>
<td class="status">${active ? 'active' : 'revoked'}</td><td>${revoke}</td></tr>`;
}

const DEFAULT_FORM: CreateKeyForm = { mode: 'test', scopes: ['assess', 'read'], name: '' };

function createForm(viewer: PageViewer, form: CreateKeyForm): string {
  const modes = ['live', 'test']
    .map(
      (mode) => `<option value="${mode}"${mode === form.mode ? ' selected' : ''}>${mode}</option>`,
    )
    .join('');
  const scopes = API_KEY_SCOPES.map(
    (scope) =>
      `<label class="inline"><input type="checkbox" name="scopes" value="${scope}"${form.scopes.includes(scope) ? ' checked' : ''}> ${scope}</label>`,
  ).join(' ');
  return `<h2>Create a key</h2>
<form method="post" action="/portal/keys" id="create-key" class="stack">${csrfField(viewer)}
<label>Mode <select name="mode">${modes}</select></label>
<fieldset><legend>Scopes</legend>${scopes}</fieldset>
<label>Name (optional) <input name="name" maxlength="200" value="${escapeHtml(form.name)}"></label>
<button type="submit">Create key</button></form>`;
}

/** Shown once, on the response to the create request; the secret is not stored anywhere. */
function newKeyNotice(secret: string): string {
  return `<section id="new-key"><h2>New key</h2>
<p role="status">Copy this key now. It is shown only this once and cannot be recovered.</p>
<p><code id="new-key-secret" class="secret">${escapeHtml(secret)}</code></p></section>`;
}

export function keysPage(input: {
  viewer: PageViewer;
  keys: ApiKeyEntity[];
  /** The plaintext of a key created by this request. */
  newSecret?: string;
  form?: CreateKeyForm;
  error?: string;
}): string {
  const { viewer } = input;
  const rows = input.keys.map((key) => keyRow(key, viewer)).join('');
  const table = input.keys.length
    ? `<table id="keys"><thead><tr><th>Name</th><th>Prefix</th><th>Mode</th><th>Scopes</th><th>Created</th><th>Last used</th><th>Status</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
    : '<table id="keys"><tbody></tbody></table><p>No keys yet.</p>';
  const manage =
    viewer.role === 'admin'
      ? createForm(viewer, input.form ?? DEFAULT_FORM)
      : '<p>Only admins can create or revoke keys.</p>';
  return page(
    'API keys',
    `<h1>API keys</h1>
${input.newSecret ? newKeyNotice(input.newSecret) : ''}
${input.error ? `<p role="alert">${escapeHtml(input.error)}</p>` : ''}
${table}
${manage}`,
    { viewer },
  );
}
