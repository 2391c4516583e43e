import { Body, Controller, Headers, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AssessmentService } from '../assessment/assessment.service';
import type { AuthContext } from '../auth/auth-context';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { RequireScope } from '../auth/require-scope.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import { parseAssessRequest } from './assess-request.parser';
import { parseIdempotencyKey, requestHash } from './idempotency-key';

@Controller('v1/conversation-analytics')
export class AssessmentController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly assessments: AssessmentService,
  ) {}

  /** The response is written as the exact stored bytes so replays are byte-identical. */
  @Post('assess')
  @RequireScope('assess')
  async assess(
    @Req() request: Request,
    @Res() response: Response,
    @CurrentAuth() auth: AuthContext,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyHeader: string | undefined,
  ): Promise<void> {
    const turn = parseAssessRequest(body, this.config.limits.maxTextChars);
    const idempotencyKey = parseIdempotencyKey(idempotencyHeader);
    const result = await this.assessments.assess({
      tenantId: auth.tenantId,
      mode: auth.mode,
      turn,
      requestId: request.requestId,
      startedAt: request.startedAt,
      ...(idempotencyKey
        ? { idempotency: { key: idempotencyKey, requestHash: requestHash('assess', body) } }
        : {}),
    });
    if (result.replayed) response.setHeader('Idempotent-Replayed', 'true');
    response.status(result.status).type('application/json').send(result.body);
  }
}
