import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthContext } from './auth-context';

/** The caller's AuthContext on a route guarded by @RequireScope. */
export const CurrentAuth = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request & { auth?: AuthContext }>();
  if (!request.auth) throw new Error('CurrentAuth used on a route without @RequireScope');
  return request.auth;
});
