import type {
  Finding,
  StageOutcome,
  TurnContext,
} from '../../src/engine/pipeline/assessment-stage';
import { DEFAULT_POLICY } from '../../src/engine/pipeline/policy';
import { TurnAssessor } from '../../src/batch/turn-assessor';
import type { TurnEvaluator } from '../../src/batch/turn-evaluator';

/**
 * A tiny rule set standing in for the engine: "i'm 14" sets a flag, "kiss" is romance,
 * which is high minor_safety only while the flag is active.
 */
class FakeEvaluator implements TurnEvaluator {
  readonly rulesVersion = 'fake-1';
  readonly policy = DEFAULT_POLICY;
  readonly seen: TurnContext[] = [];

  evaluate(context: TurnContext): StageOutcome {
    this.seen.push(context);
    const text = context.turn.text.toLowerCase();
    const findings: Finding[] = [];
    const flags = [];
    const finding = (
      category: Finding['category'],
      subcategory: string,
      score: number,
    ): Finding => ({
      category,
      subcategory,
      score,
      stage: 'rules',
      code: `${category}.${subcategory}.fake`,
      message: 'fake',
      spans: [],
    });
    if (text.includes("i'm 14")) {
      findings.push(finding('minor_safety', 'minor_disclosed', 0.35));
      flags.push({ name: 'minor_disclosed', ttlTurns: 2 });
    }
    if (text.includes('kiss')) {
      const minor = context.conversation.flags.some((flag) => flag.name === 'minor_disclosed');
      findings.push(
        minor
          ? finding('minor_safety', 'romance_minor', 0.8)
          : finding('sexual', 'suggestive', 0.35),
      );
    }
    return { ran: true, findings, flags };
  }
}

describe('TurnAssessor', () => {
  it('carries flags, counts and the EMA across the turns of a conversation', () => {
    const evaluator = new FakeEvaluator();
    const assessor = new TurnAssessor(evaluator);
    const first = assessor.assess({ id: '1', text: "I'm 14", conversationId: 'c' });
    expect(first.categories.minor_safety).toEqual({
      score: 0.35,
      level: 'low',
      subcategories: ['minor_disclosed'],
    });
    const second = assessor.assess({ id: '2', text: 'kiss me', conversationId: 'c' });
    expect(second.categories.minor_safety.level).toBe('high');
    expect(second.action).toBe('escalate');
    expect(second.conversation).toEqual(
      expect.objectContaining({ severity: 'high', turns: 2, current: 'medium' }),
    );
    expect(second.conversation.categories.minor_safety).toBe(2);
    expect(second.engine).toEqual(
      expect.objectContaining({ stages: ['rules'], model: 'none', rulesVersion: 'fake-1' }),
    );
    expect(evaluator.seen[1].conversation.turns).toBe(1);
  });

  it('expires flags after their ttl', () => {
    const assessor = new TurnAssessor(new FakeEvaluator());
    assessor.assess({ id: '1', text: "I'm 14", conversationId: 'c' });
    assessor.assess({ id: '2', text: 'hi', conversationId: 'c' });
    assessor.assess({ id: '3', text: 'hi', conversationId: 'c' });
    const late = assessor.assess({ id: '4', text: 'kiss', conversationId: 'c' });
    expect(late.categories.minor_safety.level).toBe('none');
    expect(late.categories.sexual.level).toBe('low');
  });

  it('treats turns without conversationId as independent single turns', () => {
    const assessor = new TurnAssessor(new FakeEvaluator());
    assessor.assess({ id: '1', text: "I'm 14" });
    const next = assessor.assess({ id: '2', text: 'kiss' });
    expect(next.categories.minor_safety.level).toBe('none');
    expect(next.conversation.turns).toBe(1);
  });

  it('gives small talk severity none with empty reasons', () => {
    const result = new TurnAssessor(new FakeEvaluator()).assess({ id: '1', text: '안녕하세요' });
    expect(result.severity).toBe('none');
    expect(result.action).toBe('none');
    expect(result.reasons).toEqual([]);
    expect(result.conversation).toEqual(
      expect.objectContaining({ severity: 'none', current: 'none' }),
    );
  });

  it('forgets the least recently used conversation beyond its cap', () => {
    const assessor = new TurnAssessor(new FakeEvaluator(), { maxConversations: 2 });
    assessor.assess({ id: '1', text: 'a', conversationId: 'c1' });
    assessor.assess({ id: '2', text: 'a', conversationId: 'c2' });
    assessor.assess({ id: '3', text: 'a', conversationId: 'c1' }); // c1 is now most recent
    assessor.assess({ id: '4', text: 'a', conversationId: 'c3' }); // evicts c2
    expect(assessor.assess({ id: '5', text: 'a', conversationId: 'c1' }).conversation.turns).toBe(
      3,
    );
    expect(assessor.assess({ id: '6', text: 'a', conversationId: 'c2' }).conversation.turns).toBe(
      1,
    );
  });
});
