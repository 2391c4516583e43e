import request from 'supertest';
import { ApiKeyService } from '../../src/auth/api-key.service';
import { hashApiKey } from '../../src/auth/api-key.util';
import { Database } from '../../src/persistence/database';
import { TenantRepository } from '../../src/persistence/repositories/tenant.repository';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../utils/test-database';
import { createPortalUsers, signInPortal, type PortalAgent as Agent } from './portal-test-kit';

describe.each<DatabaseKind>(['sqlite', 'postgres'])('portal API keys on %s', (kind) => {
  let db: TestDatabase;
  let t: TestApp;
  let tenantId: string;
  let otherTenantId: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp({ env: db.env });
    const database = t.app.get(Database);
    const tenants = new TenantRepository(database);
    tenantId = (await tenants.create('Acme')).id;
    otherTenantId = (await tenants.create('Other')).id;
    await createPortalUsers(t, [
      { tenantId, email: 'admin@acme.test', role: 'admin' },
      { tenantId, email: 'analyst@acme.test', role: 'analyst' },
      { tenantId, email: 'viewer@acme.test', role: 'viewer' },
      { tenantId: otherTenantId, email: 'admin@other.test', role: 'admin' },
    ]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const signIn = (email: string) => signInPortal(t.http, email);
  const secretOn = (html: string): string | undefined =>
    /<code id="new-key-secret" class="secret">([^<]*)<\/code>/.exec(html)?.[1];
  let eventSeq = 0;
  const assess = (key: string) =>
    request(t.http)
      .post('/v1/conversation-analytics/assess')
      .set('Authorization', `Bearer ${key}`)
      .send({
        event: {
          eventId: `e${++eventSeq}`,
          conversationId: 'keys',
          text: 'Hello there',
          speakerType: 'user',
        },
      });
  const revoke = (agent: Agent, keyId: string, csrf?: string) =>
    agent
      .post(`/portal/keys/${keyId}/revoke`)
      .type('form')
      .send(csrf === undefined ? {} : { _csrf: csrf });
  const liveKey = () =>
    t.app.get(ApiKeyService).create({ tenantId, mode: 'live', scopes: ['assess'], name: 'svc' });

  it('shows a created key once; it works against the API and the list never shows it', async () => {
    const { agent, csrf } = await signIn('admin@acme.test');
    const created = await agent
      .post('/portal/keys')
      .type('form')
      .send({ _csrf: csrf, mode: 'test', scopes: ['assess', 'read'], name: 'ci' })
      .expect(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const secret = secretOn(created.text);
    expect(secret).toMatch(/^ca_test_[0-9A-Za-z]{32}$/);

    const answer = await assess(secret!).expect(200);
    expect((answer.body as { mode: string }).mode).toBe('test');

    const list = await agent.get('/portal/keys').expect(200);
    expect(list.text).not.toContain(secret!);
    expect(list.text).not.toContain(secret!.slice(12));
    expect(list.text).not.toContain(hashApiKey(secret!));
    expect(list.text).not.toContain('new-key-secret');
    const row = new RegExp(
      `<tr data-key-id="[^"]+" data-prefix="${secret!.slice(0, 12)}">[\\s\\S]*?<td>ci</td>[\\s\\S]*?<td>test</td>[\\s\\S]*?<td>assess, read</td>[\\s\\S]*?<td class="status">active</td>`,
    );
    expect(list.text).toMatch(row);
  });

  it('refuses a form without a mode or scopes with 400 and creates nothing', async () => {
    const { agent, csrf } = await signIn('admin@acme.test');
    const before = (await t.app.get(ApiKeyService).list(tenantId)).length;
    const page = await agent
      .post('/portal/keys')
      .type('form')
      .send({ _csrf: csrf, mode: 'test' })
      .expect(400);
    expect(page.text).toContain('Choose at least one scope.');
    expect(secretOn(page.text)).toBeUndefined();
    expect(await t.app.get(ApiKeyService).list(tenantId)).toHaveLength(before);
  });

  it('gives viewers and analysts the list but 403 on create and revoke', async () => {
    const { key } = await liveKey();
    for (const email of ['viewer@acme.test', 'analyst@acme.test']) {
      const { agent, csrf } = await signIn(email);
      const list = await agent.get('/portal/keys').expect(200);
      expect(list.text).toContain(`data-key-id="${key.id}"`);
      expect(list.text).not.toContain('id="create-key"');
      await agent
        .post('/portal/keys')
        .type('form')
        .send({ _csrf: csrf, mode: 'live', scopes: 'admin' })
        .expect(403);
      await revoke(agent, key.id, csrf).expect(403);
    }
    const keys = await t.app.get(ApiKeyService).list(tenantId);
    expect(keys.find((k) => k.id === key.id)?.revokedAt).toBeNull();
    expect(keys.some((k) => k.scopes.includes('admin'))).toBe(false);
  });

  it('requires the CSRF token to create and to revoke', async () => {
    const { key, plaintext } = await liveKey();
    const { agent } = await signIn('admin@acme.test');
    await agent
      .post('/portal/keys')
      .type('form')
      .send({ mode: 'test', scopes: 'read' })
      .expect(403);
    await revoke(agent, key.id).expect(403);
    await revoke(agent, key.id, 'forged').expect(403);
    await assess(plaintext).expect(200);
  });

  it('revokes a key: the API answers 401 with it at once', async () => {
    const { key, plaintext } = await liveKey();
    await assess(plaintext).expect(200);
    const { agent, csrf } = await signIn('admin@acme.test');
    const before = await agent.get('/portal/keys').expect(200);
    expect(before.text).toContain(`action="/portal/keys/${key.id}/revoke" class="revoke-key"`);

    const redirect = await revoke(agent, key.id, csrf).expect(303);
    expect(redirect.headers.location).toBe('/portal/keys');
    const answer = await assess(plaintext).expect(401);
    expect((answer.body as { error: { code: string } }).error.code).toBe('invalid_api_key');

    const after = await agent.get('/portal/keys').expect(200);
    expect(after.text).toMatch(
      new RegExp(`data-key-id="${key.id}"[^>]*>[\\s\\S]*?<td class="status">revoked</td>`),
    );
    expect(after.text).not.toContain(`action="/portal/keys/${key.id}/revoke"`);
  });

  it("never shows or revokes another tenant's key (404, the key keeps working)", async () => {
    const { key, plaintext } = await liveKey();
    const other = await signIn('admin@other.test');
    const list = await other.agent.get('/portal/keys').expect(200);
    expect(list.text).not.toContain(key.id);
    expect(list.text).not.toContain(key.prefix);
    await revoke(other.agent, key.id, other.csrf).expect(404);
    await revoke(other.agent, 'no-such-key', other.csrf).expect(404);
    await assess(plaintext).expect(200);
  });
});
