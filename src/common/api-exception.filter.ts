import {
  Catch,
  HttpException,
  Inject,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ApiError, errorBody } from './api-error';
import { LOGGER } from './logger';
import { newRequestId } from './request-id';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  '53300', // too_many_connections
  '55000', // at connect: database not currently accepting connections
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);

/** True for errors that mean the database cannot be reached right now (SPEC 8: 503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const driverError = (error as { driverError?: unknown }).driverError;
  const code = ((driverError ?? error) as { code?: string }).code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Driver not Connected|ConnectionIsNotSet|connection is not established/i.test(
    `${error.name} ${error.message}`,
  );
}

function toApiError(exception: unknown): ApiError {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404 || status === 405) {
      return new ApiError('not_found', 'No such route.');
    }
    if (status === 413) return new ApiError('payload_too_large', 'The request body is too large.');
    if (status < 500) return new ApiError('invalid_request', 'The request is invalid.');
  }
  if (isDatabaseUnavailable(exception)) {
    return new ApiError('service_unavailable', 'The database is unreachable; retry shortly.', {
      headers: { 'Retry-After': '5' },
    });
  }
  return new ApiError('internal_error', 'An internal error occurred.');
}

/** Renders every error, on every route, as SPEC 8's JSON shape. Never a stack or the text. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const error = toApiError(exception);
    const requestId = request.requestId ?? newRequestId();
    if (error.status >= 500) {
      const cause = exception instanceof Error ? exception : new Error(String(exception));
      // Name, message and stack of our own code; driver errors never carry the turn text
      // because it is bound as a parameter, not inlined.
      this.logger.error(
        {
          request_id: requestId,
          err: { name: cause.name, message: cause.message, stack: cause.stack },
        },
        'request failed',
      );
    }
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
    response.status(error.status).json(errorBody(error, requestId));
  }
}
