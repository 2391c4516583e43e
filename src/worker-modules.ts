import type { ModuleMetadata } from '@nestjs/common';
import { WorkerModule } from './worker.module';

/**
 * The worker seam. Modules listed here run the background side (queue consumers): in the
 * API process for ROLE=all, alone for ROLE=worker. The LLM/queue work adds its WorkerModule
 * (src/worker.module.ts) with one import and one entry.
 */
export const WORKER_MODULES: NonNullable<ModuleMetadata['imports']> = [WorkerModule];
