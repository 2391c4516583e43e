import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

/**
 * One pino JSON logger for the process. Callers log identifiers and outcomes only: turn text
 * and API keys never go into a log line (the request log records method, route, status,
 * duration and request_id, never bodies or headers).
 */
export const createLogger = (level: string): Logger =>
  pino({
    level,
    base: { service: 'conversation-analytics' },
    redact: { paths: ['text', '*.text', 'authorization', '*.authorization', 'key', '*.key'] },
  });

/** Routes Nest's own log calls into pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');
