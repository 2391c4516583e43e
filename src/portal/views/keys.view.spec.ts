import { ApiKeyEntity } from '../../persistence/entities/api-key.entity';
import { keyRow, keysPage, timeCell } from './keys.view';

const key = (overrides: Partial<ApiKeyEntity> = {}): ApiKeyEntity =>
  Object.assign(new ApiKeyEntity(), {
    id: 'k1',
    tenantId: 't1',
    name: '<b>ci</b>',
    mode: 'test',
    prefix: 'ca_test_AbCd',
    keyHash: 'f'.repeat(64),
    scopes: ['assess', 'read'],
    createdAt: '2026-01-02T03:04:05.000Z',
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  });
const admin = { email: 'a@x', role: 'admin', csrfToken: 'tok' };
const viewer = { ...admin, role: 'viewer' };

describe('keys view', () => {
  it('shows a key by prefix with an escaped name, never its hash', () => {
    const html = keyRow(key(), admin);
    expect(html).toContain('data-key-id="k1" data-prefix="ca_test_AbCd"');
    expect(html).toContain('&lt;b&gt;ci&lt;/b&gt;');
    expect(html).not.toContain('f'.repeat(64));
    expect(html).toContain('<td class="status">active</td>');
    expect(html).toContain('<td>never</td>');
  });

  it('gives admins a revoke form with the CSRF token on active keys only', () => {
    expect(keyRow(key(), admin)).toMatch(
      /<form method="post" action="\/portal\/keys\/k1\/revoke" class="revoke-key"><input type="hidden" name="_csrf" value="tok">/,
    );
    const revoked = keyRow(key({ revokedAt: '2026-01-03T00:00:00.000Z' }), admin);
    expect(revoked).toContain('<td class="status">revoked</td>');
    expect(revoked).not.toContain('revoke-key');
    expect(keyRow(key(), viewer)).not.toContain('revoke-key');
  });

  it('shows the create form to admins only and the new secret only when given', () => {
    expect(keysPage({ viewer: admin, keys: [] })).toContain('id="create-key"');
    expect(keysPage({ viewer, keys: [] })).not.toContain('id="create-key"');
    expect(keysPage({ viewer: admin, keys: [] })).not.toContain('new-key-secret');
    expect(keysPage({ viewer: admin, keys: [key()], newSecret: 'ca_test_<x>' })).toContain(
      '<code id="new-key-secret" class="secret">ca_test_&lt;x&gt;</code>',
    );
  });

  it('formats instants as UTC minutes and keeps the exact instant', () => {
    expect(timeCell('2026-01-02T03:04:05.000Z')).toBe(
      '<time datetime="2026-01-02T03:04:05.000Z">2026-01-02 03:04 UTC</time>',
    );
  });
});
