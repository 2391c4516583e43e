import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import type { ApiKeyScope } from '../persistence/entities/api-key.entity';
import { ApiKeyService } from './api-key.service';
import type { AuthContext } from './auth-context';
import type { RateLimiter } from './rate-limiter';
import { RATE_LIMITER } from './rate-limiter.provider';
import { REQUIRED_SCOPE } from './require-scope.decorator';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="conversation-analytics"' };

/** Global guard: authenticates, checks the route's scope, then applies the per-key rate limit. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyService,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const scope = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(REQUIRED_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!scope) return true;
    const request = context.switchToHttp().getRequest<Request & { auth?: AuthContext }>();
    const response = context.switchToHttp().getResponse<Response>();

    const header = request.headers.authorization;
    if (!header) {
      throw new ApiError('missing_api_key', 'Send your API key as "Authorization: Bearer <key>".', {
        headers: CHALLENGE,
      });
    }
    const token = BEARER.exec(header)?.[1];
    const auth = token ? await this.keys.authenticate(token) : null;
    if (!auth) {
      throw new ApiError('invalid_api_key', 'The API key is invalid or has been revoked.', {
        headers: { 'WWW-Authenticate': `${CHALLENGE['WWW-Authenticate']}, error="invalid_token"` },
      });
    }
    if (!auth.scopes.includes(scope) && !auth.scopes.includes('admin')) {
      throw new ApiError('insufficient_scope', `This API key lacks the "${scope}" scope.`);
    }
    await this.applyRateLimit(auth.keyId, response);
    request.auth = auth;
    return true;
  }

  private async applyRateLimit(keyId: string, response: Response): Promise<void> {
    if (!this.limiter.enabled) return;
    const decision = await this.limiter.take(keyId);
    response.setHeader('RateLimit-Limit', String(decision.limit));
    response.setHeader('RateLimit-Remaining', String(decision.remaining));
    response.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      throw new ApiError('rate_limited', 'Too many requests for this API key; retry later.', {
        headers: { 'Retry-After': String(decision.resetSeconds) },
      });
    }
  }
}
