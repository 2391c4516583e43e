import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { RequireScope } from '../auth/require-scope.decorator';
import { RulesEngineService, type RulesStatus } from '../engine/rules/rules-engine.service';
import {
  RulesReloadBroadcast,
  type BroadcastReloadResult,
} from '../engine/rules/rules-reload-broadcast.service';

/**
 * Rule-set administration (SPEC 9): reload without a restart, and the loaded packs for the
 * portal. A failed reload answers 200 with `ok: false` and the problems: the service keeps
 * serving the previous rule set, which is the expected outcome, not a server error. With Redis,
 * a successful reload is broadcast so every instance reloads.
 */
@Controller('v1/admin/rules')
export class RulesAdminController {
  constructor(
    private readonly rules: RulesEngineService,
    private readonly reloader: RulesReloadBroadcast,
  ) {}

  @Post('reload')
  @HttpCode(200)
  @RequireScope('admin')
  reload(): Promise<BroadcastReloadResult> {
    return this.reloader.reloadEverywhere();
  }

  @Get()
  @RequireScope('admin')
  status(): RulesStatus {
    return this.rules.status();
  }
}
