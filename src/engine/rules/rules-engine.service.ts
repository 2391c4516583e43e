import { Injectable } from '@nestjs/common';
import type { StageOutcome, TurnContext } from '../pipeline/assessment-stage';
import { DEFAULT_POLICY, type Policy } from '../pipeline/policy';

/**
 * Holds the loaded rule set and evaluates turns against it. Until rule packs are loaded it
 * runs the empty set: no findings, the default policy, and `rulesVersion` "none".
 */
@Injectable()
export class RulesEngineService {
  get rulesVersion(): string {
    return 'none';
  }

  get policy(): Policy {
    return DEFAULT_POLICY;
  }

  evaluate(_context: TurnContext): StageOutcome {
    return { ran: true, findings: [], flags: [] };
  }
}
