/** LLM refinement settings (SPEC 10), read from the environment once at boot. */
export type LlmPromptFormat = 'json' | 'llama_guard';
export type LlmResponseFormat = 'json_schema' | 'json_object' | 'none';

export type LlmConfig = {
  /** The stage is off when no endpoint is configured. */
  baseUrl: string | undefined;
  apiKey: string;
  model: string;
  /** Deadline of the whole stage, queue included. */
  timeoutMs: number;
  mode: 'always' | 'on_signal';
  contextTurns: number;
  promptFormat: LlmPromptFormat;
  /** Preferred structured-output mode; it degrades by itself on servers that reject it. */
  responseFormat: LlmResponseFormat;
  /** How long past the deadline the worker still waits for an answer, to record it late. */
  lateGraceMs: number;
  /** Score given to a category Llama Guard flags as unsafe (it gives no probabilities). */
  llamaGuardUnsafeScore: number;
  /** Extra headers and query for providers that need them (Azure `api-version`). */
  defaultQuery: Record<string, string> | undefined;
};

function intIn(raw: string | undefined, fallback: number, name: string, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

function oneOf<T extends string>(
  raw: string | undefined,
  allowed: readonly T[],
  fallback: T,
  name: string,
): T {
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig {
  const unsafeScore = env.LLM_LLAMA_GUARD_UNSAFE_SCORE
    ? Number(env.LLM_LLAMA_GUARD_UNSAFE_SCORE)
    : 0.8;
  if (!(unsafeScore > 0 && unsafeScore <= 1)) {
    throw new Error('LLM_LLAMA_GUARD_UNSAFE_SCORE must be a number in (0, 1]');
  }
  return {
    baseUrl: env.LLM_BASE_URL || undefined,
    // Local servers (Ollama, llama.cpp, vLLM) ignore the key, but the SDK requires one.
    apiKey: env.LLM_API_KEY || 'not-needed',
    model: env.LLM_MODEL || 'gpt-4o-mini',
    timeoutMs: intIn(env.LLM_TIMEOUT_MS, 8000, 'LLM_TIMEOUT_MS', 1),
    mode: oneOf(env.LLM_MODE, ['always', 'on_signal'] as const, 'always', 'LLM_MODE'),
    contextTurns: intIn(env.LLM_CONTEXT_TURNS, 6, 'LLM_CONTEXT_TURNS', 0),
    promptFormat: oneOf(
      env.LLM_PROMPT_FORMAT,
      ['json', 'llama_guard'] as const,
      'json',
      'LLM_PROMPT_FORMAT',
    ),
    responseFormat: oneOf(
      env.LLM_RESPONSE_FORMAT,
      ['json_schema', 'json_object', 'none'] as const,
      'json_schema',
      'LLM_RESPONSE_FORMAT',
    ),
    lateGraceMs: intIn(env.LLM_LATE_GRACE_MS, 30000, 'LLM_LATE_GRACE_MS', 0),
    llamaGuardUnsafeScore: unsafeScore,
    defaultQuery: env.LLM_API_VERSION ? { 'api-version': env.LLM_API_VERSION } : undefined,
  };
}
