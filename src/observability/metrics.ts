import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The app's Prometheus registry. One per app instance (not prom-client's global default),
 * so several instances in one process (tests) never collide. Other modules inject it and
 * register their own metrics on `registry`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly stageDuration = new Histogram({
    name: 'assessment_stage_duration_seconds',
    help: 'Latency of each assessment pipeline stage',
    labelNames: ['stage', 'ran'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly assessments = new Counter({
    name: 'assessments_total',
    help: 'Assessments by mode, severity and outcome (new, duplicate_event, replay)',
    labelNames: ['mode', 'severity', 'outcome'] as const,
    registers: [this.registry],
  });

  /** Rule ids are a bounded set (the loaded packs), so they can be a label. */
  readonly shadowRuleHits = new Counter({
    name: 'shadow_rule_hits_total',
    help: 'Hits of status: shadow rules (recorded on the assessment, never answered)',
    labelNames: ['rule'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
