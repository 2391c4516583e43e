import { AssessmentModule } from '../assessment/assessment.module';
import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { RulesReloadModule } from '../engine/rules/rules-reload.module';
import express from 'express';
import { LoginThrottle } from './auth/login-throttle';
import { PortalAuthGuard } from './auth/portal-auth.guard';
import { SessionService } from './auth/session.service';
import { PlaygroundController } from './playground/playground.controller';
import { PlaygroundService } from './playground/playground.service';
import { PortalAssetsController } from './assets.controller';
import { PortalController } from './portal.controller';
import { PortalUserService } from './users/portal-user.service';
import { HistoryController } from './history/history.controller';
import { HistoryService } from './history/history.service';
import { PortalUsageController } from './usage/usage.controller';
import { PortalUsageService } from './usage/portal-usage.service';
import { PortalKeysController } from './keys/keys.controller';
import { PortalKeysService } from './keys/portal-keys.service';
import { PortalRulesController } from './rules/rules.controller';
import { RulesBacktestService } from './rules/rules-backtest.service';
import { RulesCheckService } from './rules/rules-check.service';

/** The web portal (SPEC 12): server-rendered pages under /portal. */
@Module({
  imports: [AssessmentModule, EngineModule, RulesReloadModule],
  controllers: [
    PortalController,
    PlaygroundController,
    PortalAssetsController,
    PortalKeysController,
    PortalUsageController,
    PortalRulesController,
    HistoryController,
  ],
  providers: [
    PortalUserService,
    SessionService,
    PortalAuthGuard,
    PlaygroundService,
    { provide: LoginThrottle, useFactory: () => new LoginThrottle() },
    PortalKeysService,
    PortalUsageService,
    RulesCheckService,
    RulesBacktestService,
    HistoryService,
  ],
})
export class PortalModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Portal forms post urlencoded bodies; the API's JSON-only rule does not apply here. One
    // path-matched layer for every portal POST (not one per controller), so API requests pass
    // a single non-matching layer on their way to /v1.
    consumer
      .apply(express.urlencoded({ extended: false, limit: '64kb' }))
      .forRoutes({ path: 'portal/*path', method: RequestMethod.POST });
  }
}
