import { TenantRepository } from '../../persistence/repositories/tenant.repository';
import { Database } from '../../persistence/database';
import { generatePassword } from './password-hasher';
import { PortalUserError, PortalUserService } from './portal-user.service';

export const FIRST_ADMIN_EMAIL = 'admin@localhost';

/**
 * When no portal admin exists yet, create one in the oldest tenant with a random password and
 * return the one-time notice. The password is printed here only, never logged or stored.
 */
export async function ensureFirstAdmin(
  db: Database,
  port: number,
): Promise<{ email: string; password: string; notice: string } | null> {
  const users = new PortalUserService(db);
  if ((await users.countAdmins()) > 0) return null;
  const [tenant] = await new TenantRepository(db).list();
  if (!tenant) return null;
  const password = generatePassword();
  try {
    await users.create({ tenantId: tenant.id, email: FIRST_ADMIN_EMAIL, role: 'admin', password });
  } catch (error) {
    // Another instance starting at the same moment created it first: its notice is the one.
    if (error instanceof PortalUserError) return null;
    throw error;
  }
  const notice = [
    'A portal admin was created (change it with `npm run cli -- users create`):',
    '',
    `  http://localhost:${port}/portal/login`,
    `  email:    ${FIRST_ADMIN_EMAIL}`,
    `  password: ${password}`,
    '',
    'This password is shown only once.',
    '',
  ].join('\n');
  return { email: FIRST_ADMIN_EMAIL, password, notice };
}
