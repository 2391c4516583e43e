import request from 'supertest';
import { Database } from '../../src/persistence/database';
import { TenantRepository } from '../../src/persistence/repositories/tenant.repository';
import { MAX_FAILURES } from '../../src/portal/auth/login-throttle';
import type { PortalRole } from '../../src/portal/users/portal-user.entity';
import { PortalUserService } from '../../src/portal/users/portal-user.service';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../utils/test-database';

const PASSWORD = 'portal password 1';

describe.each<DatabaseKind>(['sqlite', 'postgres'])(
  'portal sign-in, roles and CSRF on %s',
  (kind) => {
    let db: TestDatabase;
    let t: TestApp;

    beforeAll(async () => {
      db = await createTestDatabase(kind);
      t = await createTestApp({ env: db.env });
      const database = t.app.get(Database);
      const tenant = await new TenantRepository(database).create('Acme');
      const users = new PortalUserService(database);
      for (const role of ['admin', 'analyst', 'viewer'] as PortalRole[]) {
        await users.create({
          tenantId: tenant.id,
          email: `${role}@example.com`,
          role,
          password: PASSWORD,
        });
      }
    }, 60_000);

    afterAll(async () => {
      await t?.close();
      await db?.drop();
    });

    const signIn = async (email: string, password = PASSWORD) => {
      const agent = request.agent(t.http);
      const response = await agent.post('/portal/login').type('form').send({ email, password });
      return { agent, response };
    };
    const csrfOf = async (agent: ReturnType<typeof request.agent>) =>
      ((await agent.get('/portal/session').expect(200)).body as { csrfToken: string }).csrfToken;

    it('signs in with an HttpOnly SameSite=Lax session cookie and signs out', async () => {
      const { agent, response } = await signIn('Admin@Example.com');
      expect(response.status).toBe(303);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/ca_portal_session=[A-Za-z0-9_-]{43}/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      const home = await agent.get('/portal').expect(200);
      expect(home.text).toContain('admin@example.com');
      await agent
        .post('/portal/logout')
        .type('form')
        .send({ _csrf: await csrfOf(agent) })
        .expect(303);
      await agent.get('/portal').expect(401);
    });

    it('marks the cookie Secure behind a TLS-terminating proxy', async () => {
      const response = await request(t.http)
        .post('/portal/login')
        .set('X-Forwarded-Proto', 'https')
        .type('form')
        .send({ email: 'viewer@example.com', password: PASSWORD })
        .expect(303);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    });

    it('refuses a wrong password and an unknown email, and a page without a session', async () => {
      expect((await signIn('viewer@example.com', 'wrong password')).response.status).toBe(401);
      expect((await signIn('nobody@example.com')).response.status).toBe(401);
      await request(t.http).get('/portal').expect(401);
    });

    it('throttles repeated failures per email and IP, even with the right password', async () => {
      for (let i = 0; i < MAX_FAILURES; i++) {
        expect((await signIn('analyst@example.com', `guess ${i}`)).response.status).toBe(401);
      }
      expect((await signIn('analyst@example.com')).response.status).toBe(429);
      // Another email from the same IP is unaffected.
      expect((await signIn('admin@example.com')).response.status).toBe(303);
    });

    const createKey = (agent: ReturnType<typeof request.agent>, csrf?: string) =>
      agent
        .post('/portal/keys')
        .type('form')
        .send({ ...(csrf === undefined ? {} : { _csrf: csrf }), mode: 'test', scopes: 'read' });

    it('enforces roles on the server: only admins create and revoke keys', async () => {
      // The analyst is left throttled by the test above; keys.e2e-spec covers analysts too.
      const viewer = (await signIn('viewer@example.com')).agent;
      await viewer.get('/portal/keys').expect(200);
      await createKey(viewer, await csrfOf(viewer)).expect(403);
      await viewer
        .post('/portal/keys/any-key/revoke')
        .type('form')
        .send({ _csrf: await csrfOf(viewer) })
        .expect(403);
      const admin = (await signIn('admin@example.com')).agent;
      await createKey(admin, await csrfOf(admin)).expect(201);
    });

    it('rejects state-changing requests without the session-bound CSRF token', async () => {
      const admin = (await signIn('admin@example.com')).agent;
      const other = (await signIn('admin@example.com')).agent;
      await createKey(admin).expect(403);
      await createKey(admin, 'forged').expect(403);
      // A valid token from another session does not work either, as field or header.
      await createKey(admin, await csrfOf(other)).expect(403);
      await createKey(admin)
        .set('X-CSRF-Token', await csrfOf(other))
        .expect(403);
      await createKey(admin)
        .set('X-CSRF-Token', await csrfOf(admin))
        .expect(201);
      await admin.post('/portal/logout').type('form').send({}).expect(403);
      await admin.get('/portal').expect(200);
    });
  },
);
