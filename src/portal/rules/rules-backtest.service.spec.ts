import { CATEGORY_IDS, type CategoryId, type Level } from '../../engine/taxonomy';
import type {
  BacktestFilter,
  BacktestHistoryPort,
  StoredTurn,
} from '../../engine/backtest/backtest';
import type { ConversationKey } from '../../engine/pipeline/ports';
import { RulesEngineService } from '../../engine/rules/rules-engine.service';
import type { AssessmentRepository } from '../../persistence/repositories/assessment.repository';
import { FIXTURE_PLUGINS, FIXTURE_RULES } from '../../../test/rules/engine-fixture';
import {
  BacktestRefusedError,
  backtestRequestFrom,
  RulesBacktestService,
} from './rules-backtest.service';

describe(backtestRequestFrom.name, () => {
  it('defaults to the last 7 days of every mode', () => {
    expect(backtestRequestFrom({})).toEqual({ days: 7, mode: null });
    expect(backtestRequestFrom({ days: ' ', mode: '' })).toEqual({ days: 7, mode: null });
  });

  it('reads days from 1 to 90 and one mode', () => {
    expect(backtestRequestFrom({ days: '90', mode: 'live' })).toEqual({ days: 90, mode: 'live' });
    expect(backtestRequestFrom({ days: '1', mode: 'playground' })).toEqual({
      days: 1,
      mode: 'playground',
    });
  });

  it.each([{ days: '0' }, { days: '91' }, { days: '2.5' }, { days: '-3' }, { days: '7days' }])(
    'refuses days %p with a 400',
    (fields) => {
      expect(() => backtestRequestFrom(fields)).toThrow(BacktestRefusedError);
      expect(() => backtestRequestFrom(fields)).toThrow(
        'Days must be a whole number from 1 to 90.',
      );
    },
  );

  it('refuses an unknown mode', () => {
    expect(() => backtestRequestFrom({ mode: 'prod' })).toThrow(/Mode must be empty/);
  });
});

/** Stored history in memory: one conversation per tenant, answered "none" every turn. */
class FakeHistory implements BacktestHistoryPort {
  readonly filters: BacktestFilter[] = [];
  /** Resolves the pending read, so a test can hold a run in progress. */
  release: () => void = () => undefined;

  async *conversations(filter: BacktestFilter): AsyncIterable<StoredTurn[]> {
    this.filters.push(filter);
    await new Promise<void>((resolve) => (this.release = resolve));
    const none = Object.fromEntries(CATEGORY_IDS.map((c) => [c, 'none'])) as Record<
      CategoryId,
      Level
    >;
    yield ['hello', 'I want to die'].map((text, index) => ({
      assessmentId: `${filter.tenantId}-a${index}`,
      text,
      speakerType: 'user' as const,
      severity: 'none' as const,
      action: 'none' as const,
      categoryLevels: none,
    }));
  }

  async conversationKeysOf(tenantId: string, ids: readonly string[]) {
    return new Map<string, ConversationKey>(
      ids.map((id) => [id, { tenantId, mode: 'live', conversationId: `conv-of-${id}` }]),
    );
  }
}

describe(RulesBacktestService.name, () => {
  const engine = new RulesEngineService({
    rulesDir: FIXTURE_RULES,
    pluginsDir: FIXTURE_PLUGINS,
    requirePlugins: false,
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('runs once per tenant at a time and keeps the last report per tenant', async () => {
    const history = new FakeHistory();
    const sut = new RulesBacktestService(engine, history as unknown as AssessmentRepository);
    const running = sut.run('t1', { days: 3, mode: 'test' });
    await settle();
    await expect(sut.run('t1', { days: 7, mode: null })).rejects.toMatchObject({ status: 409 });
    history.release();
    const result = await running;

    expect(history.filters).toEqual([
      expect.objectContaining({ tenantId: 't1', mode: 'test', limit: 10_000 }),
    ]);
    // since = now - 3 days (a minute of slack for a slow machine, not a timing assertion).
    const since = Date.parse(history.filters[0].since ?? '');
    expect(Math.abs(since - (Date.now() - 3 * 86_400_000))).toBeLessThan(60_000);
    expect(result.report).toMatchObject({ turns: 2, changedTurns: 1 });
    expect(result.report.severity[0]).toMatchObject({ from: 'none', examples: ['t1-a1'] });
    expect(result.conversations['t1-a1']).toEqual({
      mode: 'live',
      conversationId: 'conv-of-t1-a1',
    });
    expect(sut.last('t1')).toBe(result);
    expect(sut.last('t2')).toBeNull();
  });
});
