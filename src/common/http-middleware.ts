import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Logger } from 'pino';
import type { Metrics } from '../observability/metrics';
import { ApiError } from './api-error';
import { newRequestId } from './request-id';

/**
 * Express-level middleware that must run before Nest routing: request id, access log and
 * latency metric, the JSON content-type rule (415) and body parsing with SPEC 8 errors.
 * Errors are passed on as ApiError, which the global filter renders.
 */
export function requestContext(logger: Logger, metrics: Metrics): RequestHandler {
  // Read once: the level is fixed at start. When the access log is off (LOG_LEVEL above
  // info) its line is not even built.
  const accessLog = logger.isLevelEnabled('info');
  return (request: Request, response: Response, next: NextFunction) => {
    request.requestId = newRequestId();
    request.startedAt = performance.now();
    response.setHeader('Request-Id', request.requestId);
    response.on('finish', () => {
      const seconds = (performance.now() - request.startedAt) / 1000;
      const route = (request.route as { path?: string } | undefined)?.path ?? 'unmatched';
      metrics.httpRequestDuration.observe(
        { method: request.method, route, status: String(response.statusCode) },
        seconds,
      );
      if (!accessLog) return;
      logger.info(
        {
          request_id: request.requestId,
          method: request.method,
          route,
          status: response.statusCode,
          duration_ms: Math.round(seconds * 1000),
        },
        'request',
      );
    });
    next();
  };
}

const hasBody = (request: Request): boolean =>
  request.headers['transfer-encoding'] !== undefined ||
  Number(request.headers['content-length'] ?? 0) > 0;

/** API routes with a body accept JSON only. */
export function requireJson(): RequestHandler {
  return (request, _response, next) => {
    const writes =
      request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH';
    if (
      writes &&
      request.path.startsWith('/v1/') &&
      hasBody(request) &&
      !request.is('application/json')
    ) {
      next(
        new ApiError('unsupported_media_type', 'Send the body as Content-Type: application/json.'),
      );
      return;
    }
    next();
  };
}

export function jsonBody(maxBodyBytes: number): RequestHandler {
  const parse = express.json({ limit: maxBodyBytes, strict: false, type: 'application/json' });
  return (request, response, next) => {
    parse(request, response, (error?: unknown) => {
      if (!error) return next();
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') {
        return next(
          new ApiError('payload_too_large', `The request body exceeds ${maxBodyBytes} bytes.`),
        );
      }
      if (type === 'entity.parse.failed') {
        return next(new ApiError('invalid_json', 'The request body is not valid JSON.'));
      }
      if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
        return next(new ApiError('unsupported_media_type', 'Send the body as UTF-8 JSON.'));
      }
      return next(new ApiError('invalid_request', 'The request body could not be read.'));
    });
  };
}
