import { Injectable } from '@nestjs/common';
import { foldDailyUsage, type UsageRange } from '../../api/daily-usage';
import { UsageRepository } from '../../persistence/repositories/usage.repository';
import { usageReport, type UsageReport } from './usage-report';

/** The portal usage report, from the same query and per-day fold as `GET /v1/usage`. */
@Injectable()
export class PortalUsageService {
  constructor(private readonly usage: UsageRepository) {}

  async report(tenantId: string, range: UsageRange): Promise<UsageReport> {
    const rows = await this.usage.dailyCounts(tenantId, range.from, range.to);
    return usageReport(range, foldDailyUsage(rows).data);
  }
}
