import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { escapeHtml, page } from './views/html';

/**
 * Portal errors keep their status (401, 403, 404) and render as a small page; the API's
 * global filter would turn them into the JSON error envelope with status 400.
 */
@Catch(HttpException)
export class PortalExceptionFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const status = exception.getStatus();
    const signIn = status === 401 ? '<p><a href="/portal/login">Sign in</a></p>' : '';
    response
      .status(status)
      .setHeader('Content-Type', 'text/html; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .send(
        page(
          `Error ${status}`,
          `<h1>${status}</h1><p>${escapeHtml(exception.message)}</p>${signIn}`,
        ),
      );
  }
}
