import {
  applyTurn,
  snapshotFor,
  type ConversationStateValues,
} from '../../assessment/conversation-state';
import { scoreTurn, type TurnVerdict } from '../pipeline/assessment-scorer';
import type { SpeakerType } from '../taxonomy';
import type { CompiledRuleSet, RulesOutcome } from './compiled-rule-set';

/**
 * Runs a conversation through a rule set in memory, with the SPEC 5 state arithmetic the
 * service uses (flags, counts, peak, EMA), rules stage only. For multi-turn tests, eval
 * and scripts.
 */
export class ConversationRunner {
  private state: ConversationStateValues | null = null;

  constructor(
    private readonly ruleSet: CompiledRuleSet,
    private readonly conversationId = 'conv_test',
  ) {}

  get conversation(): ConversationStateValues | null {
    return this.state;
  }

  assess(
    text: string,
    speakerType: SpeakerType = 'user',
  ): { outcome: RulesOutcome; verdict: TurnVerdict } {
    const conversation = snapshotFor(this.state);
    const outcome = this.ruleSet.evaluate({
      tenantId: 'local',
      mode: 'test',
      turn: {
        eventId: `evt_${conversation.turns + 1}`,
        conversationId: this.conversationId,
        text,
        speakerType,
      },
      conversation,
    });
    const verdict = scoreTurn([outcome], ['rules'], this.ruleSet.policy);
    this.state = applyTurn(
      this.state ?? { ...conversation },
      { severity: verdict.severity, categories: verdict.categories, flags: outcome.flags },
      this.ruleSet.policy.emaAlpha,
    );
    return { outcome, verdict };
  }
}
