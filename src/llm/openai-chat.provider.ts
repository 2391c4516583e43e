import { Logger } from '@nestjs/common';
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  BadRequestError,
} from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { LlmConfig, LlmResponseFormat } from './llm.config';
import { verdictJsonSchema } from './prompt/json-prompt';

export type ChatReply = { content: string; model: string };

/** Why a call failed, in the terms the retry policy needs. Details never carry turn text. */
export type UpstreamFailure =
  | { kind: 'timeout'; detail: string }
  | { kind: 'transient'; detail: string; retryAfterMs?: number }
  | { kind: 'fatal'; detail: string };

/** A 200 whose body is not a chat completion (HTML error page, proxy text): invalid output. */
export class NotAChatCompletionError extends Error {}

const DOWNGRADE: Record<LlmResponseFormat, LlmResponseFormat> = {
  json_schema: 'json_object',
  json_object: 'none',
  none: 'none',
};

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function classifyUpstreamError(error: unknown): UpstreamFailure {
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) {
    return { kind: 'timeout', detail: 'the model did not answer in time' };
  }
  if (error instanceof APIConnectionError) {
    return { kind: 'transient', detail: 'connection to the model server failed' };
  }
  if (error instanceof APIError && error.status !== undefined) {
    const status = error.status;
    if (status === 429) {
      return {
        kind: 'transient',
        detail: 'rate limited (429)',
        retryAfterMs: retryAfterMs(error.headers),
      };
    }
    if (status >= 500 || status === 408 || status === 409) {
      return {
        kind: 'transient',
        detail: `model server error (${status})`,
        retryAfterMs: retryAfterMs(error.headers),
      };
    }
    return { kind: 'fatal', detail: `model server refused the request (${status})` };
  }
  return { kind: 'fatal', detail: 'unexpected model client failure' };
}

/**
 * One chat-completion call through the `openai` SDK, so any OpenAI-compatible server works.
 * The SDK's own retries are off: the job owns the retry policy because it knows the deadline.
 */
export class OpenAiChatProvider {
  private readonly logger = new Logger(OpenAiChatProvider.name);
  private readonly client: OpenAI;
  private responseFormat: LlmResponseFormat;

  constructor(private readonly config: LlmConfig & { baseUrl: string }) {
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      apiKey: config.apiKey,
      maxRetries: 0,
      timeout: config.timeoutMs,
      defaultQuery: config.defaultQuery,
    });
    this.responseFormat = config.responseFormat;
  }

  /** `structured` asks for JSON output in the best form the server accepts. */
  async complete(
    messages: ChatCompletionMessageParam[],
    options: { structured: boolean; timeoutMs: number },
  ): Promise<ChatReply> {
    const format = options.structured ? this.responseFormat : 'none';
    try {
      return await this.create(messages, format, options.timeoutMs);
    } catch (error) {
      // Servers without structured output answer 400; step down once per format and remember.
      if (
        error instanceof BadRequestError &&
        format !== 'none' &&
        /response_format|json|schema|grammar/i.test(error.message)
      ) {
        this.responseFormat = DOWNGRADE[format];
        this.logger.warn(
          `Model server rejected response_format ${format}; using ${this.responseFormat}`,
        );
        return this.complete(messages, options);
      }
      throw error;
    }
  }

  private async create(
    messages: ChatCompletionMessageParam[],
    format: LlmResponseFormat,
    timeoutMs: number,
  ): Promise<ChatReply> {
    const completion: unknown = await this.client.chat.completions.create(
      {
        model: this.config.model,
        messages,
        temperature: 0,
        ...(format === 'json_schema'
          ? {
              response_format: {
                type: 'json_schema' as const,
                json_schema: { name: 'turn_assessment', strict: true, schema: verdictJsonSchema() },
              },
            }
          : format === 'json_object'
            ? { response_format: { type: 'json_object' as const } }
            : {}),
      },
      { timeout: Math.max(1, timeoutMs) },
    );
    const reply = completion as {
      model?: unknown;
      choices?: { message?: { content?: unknown } }[];
    };
    const content = Array.isArray(reply?.choices) ? reply.choices[0]?.message?.content : undefined;
    if (typeof content !== 'string') {
      throw new NotAChatCompletionError('the model server answered without a chat completion');
    }
    const model = typeof reply.model === 'string' && reply.model ? reply.model : this.config.model;
    return { content, model };
  }
}
