import { Module } from '@nestjs/common';
import { LlmModule } from './llm/llm.module';

/**
 * A worker process (`npm run worker`, `--role worker`): BullMQ workers for the refinement
 * queue and nothing else. It needs no database: the request side loads the context turns
 * and records late results, so a worker only talks to Redis and the model server.
 */
@Module({
  imports: [LlmModule.register({ queue: { runWorkers: true } })],
})
export class WorkerModule {}
