import { Counter, Histogram, register } from 'prom-client';

export type LlmOutcome = 'ok' | 'timeout' | 'error' | 'invalid';

function metric<T>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

/** LLM stage metrics on the default prom-client registry (served at `/metrics`). */
export class LlmMetrics {
  private readonly outcomes = metric(
    'ca_llm_outcomes_total',
    () =>
      new Counter({
        name: 'ca_llm_outcomes_total',
        help: 'LLM refinement outcomes as answered to the request',
        labelNames: ['outcome'],
      }),
  );
  private readonly latency = metric(
    'ca_llm_stage_duration_seconds',
    () =>
      new Histogram({
        name: 'ca_llm_stage_duration_seconds',
        help: 'Time the request spent in the LLM refinement stage, queue included',
        labelNames: ['outcome'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
      }),
  );
  private readonly late = metric(
    'ca_llm_late_results_total',
    () =>
      new Counter({
        name: 'ca_llm_late_results_total',
        help: 'Refinements that finished after the request answered, by what happened to them',
        labelNames: ['result'],
      }),
  );

  observe(outcome: LlmOutcome, seconds: number): void {
    this.outcomes.inc({ outcome });
    this.latency.observe({ outcome }, seconds);
  }

  lateResult(result: 'recorded' | 'failed' | 'lost'): void {
    this.late.inc({ result });
  }
}
