import type { Server } from 'node:http';
import request from 'supertest';
import type { PortalRole, PortalUserEntity } from '../../src/portal/users/portal-user.entity';
import { PortalUserService } from '../../src/portal/users/portal-user.service';
import type { TestApp } from '../utils/test-app';

/** The password every portal test user gets (the minimum length is 12). */
export const PORTAL_PASSWORD = 'portal password 1';

export type PortalAgent = ReturnType<typeof request.agent>;

/**
 * Signs in through the login form; the agent keeps the session cookie, and `csrf` is the
 * session's token for state-changing requests.
 */
export async function signInPortal(
  http: Server,
  email: string,
  password = PORTAL_PASSWORD,
): Promise<{ agent: PortalAgent; csrf: string }> {
  const agent = request.agent(http);
  await agent.post('/portal/login').type('form').send({ email, password }).expect(303);
  const session = await agent.get('/portal/session').expect(200);
  return { agent, csrf: (session.body as { csrfToken: string }).csrfToken };
}

/** Creates portal users, all with PORTAL_PASSWORD so `signInPortal` can sign them in. */
export async function createPortalUsers(
  t: TestApp,
  users: { tenantId: string; email: string; role: PortalRole }[],
): Promise<PortalUserEntity[]> {
  const service = t.app.get(PortalUserService);
  const created: PortalUserEntity[] = [];
  for (const user of users)
    created.push(await service.create({ ...user, password: PORTAL_PASSWORD }));
  return created;
}
