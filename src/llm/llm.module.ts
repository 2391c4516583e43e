import { Inject, Logger, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import type { QueueConfig } from '../queue/queue.config';
import type { QueueDriver } from '../queue/queue-driver';
import { QUEUE_DRIVER } from '../queue/queue.constants';
import { QueueModule } from '../queue/queue.module';
import { CATEGORY_DEFINITIONS, LLM_CONFIG } from './llm.constants';
import { llmConfigFromEnv, type LlmConfig } from './llm.config';
import { LLM_REFINEMENT_QUEUE, LlmRefinementJob } from './llm-refinement.job';
import type { LlmRefinementJobData } from './llm-refinement.types';
import { OpenAiChatProvider } from './openai-chat.provider';
import { loadCategoryDefinitions, type CategoryDefinition } from './prompt/category-definitions';
import { LlmStage } from './llm.stage';

export type LlmModuleOptions = {
  llm?: Partial<LlmConfig>;
  queue?: Partial<QueueConfig>;
  /** Where the prompt's category definitions come from (defaults to the installed plugins). */
  definitions?: () => readonly CategoryDefinition[];
};

/**
 * The LLM refinement stage and its job. Importing it brings the queue driver with it; the
 * job handler is registered on the queue here (no central jobs module), and the driver only
 * starts workers in processes that run them (`--role worker|all`).
 */
@Module({})
export class LlmModule implements OnModuleInit {
  private readonly logger = new Logger(LlmModule.name);

  constructor(
    @Inject(LLM_CONFIG) private readonly config: LlmConfig,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
    @Inject(CATEGORY_DEFINITIONS) private readonly definitions: readonly CategoryDefinition[],
  ) {}

  private static fromEnv?: DynamicModule;

  /**
   * Without options: the module configured from the environment, one instance however many
   * modules import it (the assessment module and the worker module both do).
   */
  static register(options?: LlmModuleOptions): DynamicModule {
    if (!options) return (LlmModule.fromEnv ??= LlmModule.build({}));
    return LlmModule.build(options);
  }

  private static build(options: LlmModuleOptions): DynamicModule {
    const config: LlmConfig = { ...llmConfigFromEnv(), ...options.llm };
    return {
      module: LlmModule,
      imports: [QueueModule.register(options.queue)],
      providers: [
        { provide: LLM_CONFIG, useValue: config },
        {
          provide: CATEGORY_DEFINITIONS,
          useFactory: () => (options.definitions ?? loadCategoryDefinitions)(),
        },
        LlmStage,
      ],
      exports: [LlmStage, LLM_CONFIG],
    };
  }

  async onModuleInit(): Promise<void> {
    const { baseUrl } = this.config;
    if (!baseUrl) {
      this.logger.log('LLM refinement off (LLM_BASE_URL not set): stages = ["rules"]');
      return;
    }
    const provider = new OpenAiChatProvider({ ...this.config, baseUrl });
    const job = new LlmRefinementJob(this.config, provider, () => this.definitions);
    this.queue.registerHandler<LlmRefinementJobData, unknown>(LLM_REFINEMENT_QUEUE, (data) =>
      job.handle(data),
    );
    this.logger.log(
      `LLM refinement on: model ${this.config.model}, format ${this.config.promptFormat}, ` +
        `mode ${this.config.mode}, deadline ${this.config.timeoutMs} ms, queue ${this.queue.kind}`,
    );
  }
}
