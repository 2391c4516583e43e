import type {
  AssessmentStage,
  StageOutcome,
  TurnContext,
} from '../../src/engine/pipeline/assessment-stage';

/**
 * A deterministic stand-in for the rules stage, for tests about the service (state,
 * concurrency, idempotency) rather than detection: a turn whose text contains `#violence`
 * gets a high violence finding; `delayMs` makes the stage slow, like a model stage.
 * It implements the real stage contract; scoring, state and storage stay real.
 */
export class MarkerStage implements AssessmentStage {
  readonly name = 'rules' as const;
  executions = 0;

  constructor(private readonly delayMs = 0) {}

  async run(context: TurnContext): Promise<StageOutcome> {
    this.executions++;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const at = context.turn.text.indexOf('#violence');
    if (at < 0) return { ran: true, findings: [], flags: [] };
    return {
      ran: true,
      flags: [],
      findings: [
        {
          category: 'violence',
          subcategory: 'threat',
          score: 0.75,
          stage: 'rules',
          code: 'test.violence.marker',
          message: 'test marker',
          spans: [{ start: at, end: at + '#violence'.length }],
        },
      ],
    };
  }
}
