import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyService } from './api-key.service';
import { RateLimiterConnection, rateLimiterProvider } from './rate-limiter.provider';

/** Global so other modules can use ApiKeyService; the guard applies to every route. */
@Global()
@Module({
  providers: [
    ApiKeyService,
    RateLimiterConnection,
    rateLimiterProvider,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ApiKeyService],
})
export class AuthModule {}
