import {
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { PortalRole } from '../users/portal-user.entity';
import { SESSION_COOKIE, readCookie } from './cookies';
import { SessionService, csrfMatches, type PortalSession } from './session.service';

const ROLES_KEY = 'portal:roles';
/** Roles allowed on a route; without it any signed-in role is allowed. */
export const PortalRoles = (...roles: PortalRole[]) => SetMetadata(ROLES_KEY, roles);

export type PortalRequest = Request & { portalSession?: PortalSession; portalCookie?: string };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every portal route except sign-in: a valid session, the route's role, and on state-changing
 * methods the session's CSRF token (form field `_csrf` or header `X-CSRF-Token`).
 */
@Injectable()
export class PortalAuthGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PortalRequest>();
    const cookie = readCookie(request, SESSION_COOKIE);
    const session = cookie ? await this.sessions.find(cookie) : null;
    if (!cookie || !session) throw new UnauthorizedException('Sign in at /portal/login.');
    if (!SAFE_METHODS.has(request.method)) {
      const body = request.body as Record<string, unknown> | undefined;
      const submitted = body?._csrf ?? request.headers['x-csrf-token'];
      if (!csrfMatches(session, submitted))
        throw new ForbiddenException('Missing or invalid CSRF token.');
    }
    const roles = this.reflector.getAllAndOverride<PortalRole[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles && !roles.includes(session.role)) {
      throw new ForbiddenException('Your role does not allow this.');
    }
    request.portalSession = session;
    request.portalCookie = cookie;
    return true;
  }
}
