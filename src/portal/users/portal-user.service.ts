import { Injectable } from '@nestjs/common';
import { newId, nowIso } from '../../persistence/columns';
import { Database, isUniqueViolation } from '../../persistence/database';
import { PORTAL_ROLES, PortalUserEntity, type PortalRole } from './portal-user.entity';
import { MIN_PASSWORD_LENGTH, hashPassword, verifyPassword } from './password-hasher';

export class PortalUserError extends Error {}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Creates portal users and checks their passwords. */
@Injectable()
export class PortalUserService {
  constructor(private readonly db: Database) {}

  async create(input: {
    tenantId: string;
    email: string;
    role: PortalRole;
    password: string;
  }): Promise<PortalUserEntity> {
    const email = normaliseEmail(input.email);
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new PortalUserError('invalid email');
    if (!PORTAL_ROLES.includes(input.role))
      throw new PortalUserError('role must be admin, analyst or viewer');
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw new PortalUserError(`password must have at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    const user = Object.assign(new PortalUserEntity(), {
      id: newId(),
      tenantId: input.tenantId,
      email,
      role: input.role,
      passwordHash: await hashPassword(input.password),
      createdAt: nowIso(),
    });
    try {
      return await this.db.write((manager) => manager.save(user));
    } catch (error) {
      if (isUniqueViolation(error)) throw new PortalUserError(`user ${email} already exists`);
      throw error;
    }
  }

  countAdmins(): Promise<number> {
    return this.db.manager.countBy(PortalUserEntity, { role: 'admin' });
  }

  findById(id: string): Promise<PortalUserEntity | null> {
    return this.db.manager.findOneBy(PortalUserEntity, { id });
  }

  /**
   * The user when the password matches. Emails are unique per tenant; sign-in names the
   * tenant only when one email exists in several tenants, so each candidate is checked.
   */
  async authenticate(
    email: string,
    password: string,
    tenantId?: string,
  ): Promise<PortalUserEntity | null> {
    const candidates = await this.db.manager.findBy(PortalUserEntity, {
      email: normaliseEmail(email),
      ...(tenantId ? { tenantId } : {}),
    });
    for (const user of candidates) {
      if (await verifyPassword(password, user.passwordHash)) return user;
    }
    return null;
  }
}
