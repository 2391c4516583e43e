import { Controller, Get, Query } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { RequireScope } from '../auth/require-scope.decorator';
import { ApiError } from '../common/api-error';
import { UsageRepository } from '../persistence/repositories/usage.repository';
import { foldDailyUsage, resolveUsageRange, UsageRangeError, type UsageRange } from './daily-usage';

/** SPEC 13: per-day assessment counts by mode; only live ones are billable. */
@Controller('v1/usage')
export class UsageController {
  constructor(private readonly usage: UsageRepository) {}

  @Get()
  @RequireScope('read')
  async daily(
    @CurrentAuth() auth: AuthContext,
    @Query('from') fromParam?: string,
    @Query('to') toParam?: string,
  ) {
    const { from, to } = this.range(fromParam, toParam);
    const { data, totals } = foldDailyUsage(await this.usage.dailyCounts(auth.tenantId, from, to));
    return { object: 'usage', from, to, data, totals };
  }

  private range(fromParam?: string, toParam?: string): UsageRange {
    try {
      return resolveUsageRange(fromParam, toParam);
    } catch (error) {
      if (!(error instanceof UsageRangeError)) throw error;
      throw new ApiError('invalid_request', error.message, { param: error.param });
    }
  }
}
