import { Module } from '@nestjs/common';
import { EngineModule } from '../engine.module';
import { RulesReloadBroadcast } from './rules-reload-broadcast.service';

/**
 * Reloads that reach every instance. Apart from EngineModule, which stays free of app config
 * (the CLI, eval and tests load the engine alone); a module is one instance per app, so the API
 * and the portal share one subscriber.
 */
@Module({
  imports: [EngineModule],
  providers: [RulesReloadBroadcast],
  exports: [RulesReloadBroadcast],
})
export class RulesReloadModule {}
