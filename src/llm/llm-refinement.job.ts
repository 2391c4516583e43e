import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { LlmConfig } from './llm.config';
import type { LlmRefinementJobData, LlmRefinementResult } from './llm-refinement.types';
import {
  classifyUpstreamError,
  NotAChatCompletionError,
  type ChatReply,
  type OpenAiChatProvider,
} from './openai-chat.provider';
import type { CategoryDefinition } from './prompt/category-definitions';
import { buildJsonMessages, parseJsonVerdict } from './prompt/json-prompt';
import { buildLlamaGuardMessages, parseLlamaGuardVerdict } from './prompt/llama-guard';

export const LLM_REFINEMENT_QUEUE = 'llm-refinement' as const;
export const LLM_REFINEMENT_JOB = 'llm.refine-assessment' as const;

/** A retry is only worth starting if at least this much time is left before the deadline. */
const MIN_ATTEMPT_MS = 150;
const MAX_BACKOFF_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function backoffMs(attempt: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 100 * 2 ** (attempt - 1));
  return base / 2 + Math.random() * (base / 2);
}

/**
 * The refinement job handler, run by a worker (BullMQ) or in-process (inline driver). It
 * never throws: every failure becomes a result the waiting request can explain. Transient
 * upstream failures are retried with backoff only while a retry can finish before the
 * deadline; past the deadline the last attempt may still finish (up to `lateGraceMs`) so
 * its result can be recorded late on the stored assessment.
 */
export class LlmRefinementJob {
  constructor(
    private readonly config: LlmConfig,
    private readonly provider: OpenAiChatProvider,
    private readonly definitions: () => readonly CategoryDefinition[],
  ) {}

  async handle(data: LlmRefinementJobData): Promise<LlmRefinementResult> {
    const hardStopAt = data.deadlineAt + this.config.lateGraceMs;
    const guard = this.config.promptFormat === 'llama_guard';
    let messages: ChatCompletionMessageParam[] = guard
      ? buildLlamaGuardMessages(data)
      : buildJsonMessages(this.definitions(), data);
    let attempt = 0;
    let invalidRetried = false;
    const canRetryWithin = (waitMs: number) =>
      Date.now() + waitMs + MIN_ATTEMPT_MS < data.deadlineAt;

    for (;;) {
      const remaining = hardStopAt - Date.now();
      if (remaining <= 0)
        return { status: 'timeout', detail: 'the deadline passed before the model was asked' };
      attempt += 1;

      let reply: ChatReply | undefined;
      let problem: string;
      try {
        reply = await this.provider.complete(messages, {
          structured: !guard,
          timeoutMs: remaining,
        });
        const parsed = guard
          ? parseLlamaGuardVerdict(reply.content, this.config.llamaGuardUnsafeScore)
          : parseJsonVerdict(reply.content);
        if (parsed.ok) {
          return {
            status: 'ok',
            model: reply.model,
            format: this.config.promptFormat,
            categories: parsed.categories,
          };
        }
        problem = parsed.problem;
      } catch (error) {
        if (!(error instanceof NotAChatCompletionError)) {
          const failure = classifyUpstreamError(error);
          if (failure.kind === 'timeout') return { status: 'timeout', detail: failure.detail };
          const waitMs =
            failure.kind === 'transient' ? (failure.retryAfterMs ?? backoffMs(attempt)) : 0;
          if (failure.kind === 'transient' && canRetryWithin(waitMs)) {
            await sleep(waitMs);
            continue;
          }
          return { status: 'error', detail: failure.detail };
        }
        problem = error.message;
      }

      // Invalid output: one retry, telling a JSON model what was wrong (Llama Guard's chat
      // template only takes the conversation, so it is simply asked again).
      if (invalidRetried || !canRetryWithin(0)) return { status: 'invalid', detail: problem };
      invalidRetried = true;
      if (!guard && reply) {
        messages = [
          ...messages,
          { role: 'assistant', content: reply.content.slice(0, 2000) },
          {
            role: 'user',
            content: `That reply was invalid: ${problem}. Answer again with only the JSON object.`,
          },
        ];
      }
    }
  }
}
