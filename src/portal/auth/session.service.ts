import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { nowIso } from '../../persistence/columns';
import { Database } from '../../persistence/database';
import type { PortalRole } from '../users/portal-user.entity';

/** Sessions last 12 hours from sign-in; sign-out ends them at once. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type PortalSession = {
  userId: string;
  tenantId: string;
  email: string;
  role: PortalRole;
  csrfToken: string;
};

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
const token = (): string => randomBytes(32).toString('base64url');

/** Server-side sessions: the cookie holds an opaque random id, the row holds the rest. */
@Injectable()
export class SessionService {
  constructor(private readonly db: Database) {}

  async start(userId: string): Promise<{ cookieValue: string; csrfToken: string }> {
    const cookieValue = token();
    const csrfToken = token();
    const now = Date.now();
    await this.db.write(async (manager) => {
      // Expired sessions are swept at each sign-in, so the table holds live sessions only.
      await this.db.query('DELETE FROM portal_session WHERE expires_at <= ?', [nowIso()], manager);
      await this.db.query(
        'INSERT INTO portal_session (id_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        [
          sha256(cookieValue),
          userId,
          csrfToken,
          nowIso(),
          new Date(now + SESSION_TTL_MS).toISOString(),
        ],
        manager,
      );
    });
    return { cookieValue, csrfToken };
  }

  async find(cookieValue: string): Promise<PortalSession | null> {
    const [row] = await this.db.query<{
      user_id: string;
      tenant_id: string;
      email: string;
      role: PortalRole;
      csrf_token: string;
    }>(
      `SELECT s.user_id, u.tenant_id, u.email, u.role, s.csrf_token
         FROM portal_session s JOIN portal_user u ON u.id = s.user_id
        WHERE s.id_hash = ? AND s.expires_at > ?`,
      [sha256(cookieValue), nowIso()],
    );
    if (!row) return null;
    return {
      userId: row.user_id,
      tenantId: row.tenant_id,
      email: row.email,
      role: row.role,
      csrfToken: row.csrf_token,
    };
  }

  async end(cookieValue: string): Promise<void> {
    await this.db.write((manager) =>
      this.db.query('DELETE FROM portal_session WHERE id_hash = ?', [sha256(cookieValue)], manager),
    );
  }
}

/** Constant-time check of a submitted CSRF token against the session's token. */
export function csrfMatches(session: PortalSession, submitted: unknown): boolean {
  if (typeof submitted !== 'string' || submitted.length === 0) return false;
  const expected = Buffer.from(session.csrfToken);
  const actual = Buffer.from(submitted);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
