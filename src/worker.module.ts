import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { LlmModule } from './llm/llm.module';
import type { QueueDriver } from './queue/queue-driver';
import { QUEUE_DRIVER } from './queue/queue.constants';

/**
 * The worker side (`--role worker`, and inside the API process for `--role all`): starts
 * consuming the queues whose handlers the feature modules registered. A worker needs no
 * database of its own: the request side loads the context turns and records late results,
 * so a worker only talks to Redis and the model server.
 */
@Module({ imports: [LlmModule.register()] })
export class WorkerModule implements OnApplicationBootstrap {
  constructor(@Inject(QUEUE_DRIVER) private readonly queue: QueueDriver) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.startWorkers();
  }
}
