import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { normaliseEmail, PortalUserService } from './users/portal-user.service';
import { LoginThrottle } from './auth/login-throttle';
import { SESSION_COOKIE, clearSessionCookie, readCookie, setSessionCookie } from './auth/cookies';
import { PortalAuthGuard, type PortalRequest } from './auth/portal-auth.guard';
import { SessionService } from './auth/session.service';
import { PortalExceptionFilter } from './portal-exception.filter';
import { escapeHtml, loginPage, page, sendHtml } from './views/html';

const html = sendHtml;

/** Sign-in, sign-out and the signed-in home page. */
@Controller('portal')
@UseFilters(PortalExceptionFilter)
export class PortalController {
  constructor(
    private readonly users: PortalUserService,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Get('login')
  loginForm(@Res() response: Response): void {
    html(response, 200, loginPage());
  }

  @Post('login')
  async login(@Req() request: Request, @Res() response: Response): Promise<void> {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? normaliseEmail(body.email) : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const ip = request.ip ?? 'unknown';
    if (this.throttle.isBlocked(email, ip)) {
      response.setHeader('Retry-After', '900');
      return html(response, 429, loginPage('Too many failed sign-ins. Try again later.'));
    }
    const user = email && password ? await this.users.authenticate(email, password) : null;
    if (!user) {
      this.throttle.recordFailure(email, ip);
      return html(response, 401, loginPage('Wrong email or password.'));
    }
    this.throttle.recordSuccess(email, ip);
    const previous = readCookie(request, SESSION_COOKIE);
    if (previous) await this.sessions.end(previous); // no session fixation
    const { cookieValue } = await this.sessions.start(user.id);
    setSessionCookie(request, response, cookieValue);
    response.redirect(303, '/portal/playground');
  }

  @Post('logout')
  @UseGuards(PortalAuthGuard)
  async logout(@Req() request: PortalRequest, @Res() response: Response): Promise<void> {
    if (request.portalCookie) await this.sessions.end(request.portalCookie);
    clearSessionCookie(request, response);
    response.redirect(303, '/portal/login');
  }

  @Get()
  @UseGuards(PortalAuthGuard)
  home(@Req() request: PortalRequest, @Res() response: Response): void {
    const session = request.portalSession!;
    html(
      response,
      200,
      page(
        'Portal',
        `<h1>Conversation Analytics</h1>
<p>Signed in as <span id="who">${escapeHtml(session.email)}</span> (<span id="role">${escapeHtml(session.role)}</span>).</p>`,
        { viewer: session },
      ),
    );
  }

  /** The session's CSRF token, for scripts of the signed-in page. */
  @Get('session')
  @UseGuards(PortalAuthGuard)
  session(@Req() request: PortalRequest): { email: string; role: string; csrfToken: string } {
    const { email, role, csrfToken } = request.portalSession!;
    return { email, role, csrfToken };
  }
}
