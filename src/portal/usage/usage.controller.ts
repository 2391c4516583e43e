import { Controller, Get, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { resolveUsageRange, UsageRangeError, type UsageRange } from '../../api/daily-usage';
import { PortalAuthGuard, type PortalRequest } from '../auth/portal-auth.guard';
import { PortalExceptionFilter } from '../portal-exception.filter';
import { sendHtml } from '../views/html';
import { usagePage } from '../views/usage.view';
import { PortalUsageService } from './portal-usage.service';
import { usageCsv } from './usage-report';

/** A query value as the range parser expects it: an empty form field means "the default". */
const param = (value: unknown): string | undefined =>
  value === undefined || value === '' ? undefined : String(value);

/** Usage of the signed-in tenant per UTC day, as a page (any role) and as CSV. */
@Controller('portal')
@UseFilters(PortalExceptionFilter)
@UseGuards(PortalAuthGuard)
export class PortalUsageController {
  constructor(private readonly usage: PortalUsageService) {}

  @Get('usage')
  async page(
    @Req() request: PortalRequest,
    @Res() response: Response,
    @Query('from') from?: unknown,
    @Query('to') to?: unknown,
  ): Promise<void> {
    const viewer = request.portalSession!;
    const range = this.range(from, to);
    if ('error' in range) {
      const submitted = { from: param(from) ?? '', to: param(to) ?? '' };
      return sendHtml(response, 400, usagePage({ viewer, error: range.error, submitted }));
    }
    const report = await this.usage.report(viewer.tenantId, range);
    sendHtml(response, 200, usagePage({ viewer, report }));
  }

  @Get('usage.csv')
  async csv(
    @Req() request: PortalRequest,
    @Res() response: Response,
    @Query('from') from?: unknown,
    @Query('to') to?: unknown,
  ): Promise<void> {
    const range = this.range(from, to);
    if ('error' in range) {
      response.status(400).type('text/plain').setHeader('Cache-Control', 'no-store');
      response.send(`${range.error}\n`);
      return;
    }
    const report = await this.usage.report(request.portalSession!.tenantId, range);
    response
      .status(200)
      .setHeader('Content-Type', 'text/csv; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .setHeader(
        'Content-Disposition',
        `attachment; filename="usage-${range.from}-to-${range.to}.csv"`,
      )
      .send(usageCsv(report.days));
  }

  private range(from: unknown, to: unknown): UsageRange | { error: string } {
    try {
      return resolveUsageRange(param(from), param(to));
    } catch (error) {
      if (error instanceof UsageRangeError) return { error: error.message };
      throw error;
    }
  }
}
