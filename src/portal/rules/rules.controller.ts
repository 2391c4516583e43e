import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { RulesEngineService } from '../../engine/rules/rules-engine.service';
import { RulesReloadBroadcast } from '../../engine/rules/rules-reload-broadcast.service';
import { PortalAuthGuard, PortalRoles, type PortalRequest } from '../auth/portal-auth.guard';
import type { PortalSession } from '../auth/session.service';
import { PortalExceptionFilter } from '../portal-exception.filter';
import { sendHtml } from '../views/html';
import { rulesPage, type RulesPageInput } from '../views/rules.view';
import {
  BacktestRefusedError,
  backtestRequestFrom,
  RulesBacktestService,
  type BacktestRequest,
} from './rules-backtest.service';
import { RulesCheckService } from './rules-check.service';

/**
 * The rules page: any role sees the loaded packs, the last reload, checks and backtest;
 * admins reload, admins and analysts run checks and backtests. Actions answer with the page
 * itself (not a redirect): their results live in this instance's memory.
 */
@Controller('portal/rules')
@UseFilters(PortalExceptionFilter)
@UseGuards(PortalAuthGuard)
export class PortalRulesController {
  constructor(
    private readonly engine: RulesEngineService,
    private readonly reloader: RulesReloadBroadcast,
    private readonly checks: RulesCheckService,
    private readonly backtests: RulesBacktestService,
  ) {}

  private render(
    response: Response,
    session: PortalSession,
    status: number,
    extra: Pick<RulesPageInput, 'error' | 'backtestForm'> = {},
  ): void {
    const page = rulesPage({
      viewer: session,
      status: this.engine.status(),
      check: this.checks.lastResult,
      backtest: this.backtests.last(session.tenantId),
      ...extra,
    });
    sendHtml(response, status, page);
  }

  @Get()
  show(@Req() request: PortalRequest, @Res() response: Response): void {
    this.render(response, request.portalSession!, 200);
  }

  /** The admin API's reload (broadcast to every instance): a broken set is refused, the running one kept. */
  @Post('reload')
  @PortalRoles('admin')
  async reload(@Req() request: PortalRequest, @Res() response: Response): Promise<void> {
    // Like the admin API: a refused set is an expected outcome (shown on the page), not an error.
    await this.reloader.reloadEverywhere();
    this.render(response, request.portalSession!, 200);
  }

  @Post('check')
  @PortalRoles('admin', 'analyst')
  async check(@Req() request: PortalRequest, @Res() response: Response): Promise<void> {
    await this.checks.run();
    this.render(response, request.portalSession!, 200);
  }

  @Post('backtest')
  @PortalRoles('admin', 'analyst')
  async backtest(@Req() request: PortalRequest, @Res() response: Response): Promise<void> {
    const session = request.portalSession!;
    let form: BacktestRequest | undefined;
    try {
      form = backtestRequestFrom((request.body ?? {}) as Record<string, unknown>);
      await this.backtests.run(session.tenantId, form);
      this.render(response, session, 200, { backtestForm: form });
    } catch (error) {
      if (!(error instanceof BacktestRefusedError)) throw error;
      this.render(response, session, error.status, {
        error: { message: error.message, problems: error.problems },
        ...(form ? { backtestForm: form } : {}),
      });
    }
  }
}
