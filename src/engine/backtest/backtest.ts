import {
  CATEGORY_IDS,
  type Action,
  type CategoryId,
  type Level,
  type SpeakerType,
} from '../taxonomy';
import type { CompiledRuleSet } from '../rule-pack/compiled-rule-set';
import { ConversationRunner } from '../rule-pack/conversation-runner';

/**
 * Backtest (SPEC 9): replays a candidate rule set over stored history, conversation by
 * conversation (so flags and counts evolve as they did), and reports what would change
 * against what was answered. Storage is reached through a port the persistence layer implements.
 */

export const BACKTEST_HISTORY = Symbol('BACKTEST_HISTORY');

export type StoredTurn = {
  assessmentId: string;
  /** Text as retained (redacted by default); null when retention is `none`. */
  text: string | null;
  speakerType: SpeakerType;
  severity: Level;
  action: Action;
  categoryLevels: Record<CategoryId, Level>;
};

export type BacktestFilter = { tenantId?: string; mode?: string; since?: string; limit?: number };

export interface BacktestHistoryPort {
  /** Each stored conversation's turns, in turn order. */
  conversations(filter: BacktestFilter): AsyncIterable<StoredTurn[]>;
}

export type Transition = { from: string; to: string; count: number; examples: string[] };

export type BacktestReport = {
  rulesVersion: string;
  conversations: number;
  turns: number;
  /** Turns without retained text cannot be replayed. */
  skippedWithoutText: number;
  changedTurns: number;
  severity: Transition[];
  action: Transition[];
  categories: Record<CategoryId, { raised: number; lowered: number; examples: string[] }>;
};

const MAX_EXAMPLES = 5;

export async function backtest(
  ruleSet: CompiledRuleSet,
  history: BacktestHistoryPort,
  filter: BacktestFilter = {},
): Promise<BacktestReport> {
  const report: BacktestReport = {
    rulesVersion: ruleSet.rulesVersion,
    conversations: 0,
    turns: 0,
    skippedWithoutText: 0,
    changedTurns: 0,
    severity: [],
    action: [],
    categories: Object.fromEntries(
      CATEGORY_IDS.map((c) => [c, { raised: 0, lowered: 0, examples: [] }]),
    ) as unknown as BacktestReport['categories'],
  };
  const rank = (level: Level) => ['none', 'low', 'medium', 'high', 'critical'].indexOf(level);
  for await (const turns of history.conversations(filter)) {
    report.conversations++;
    const runner = new ConversationRunner(ruleSet);
    for (const turn of turns) {
      report.turns++;
      if (turn.text === null) {
        report.skippedWithoutText++;
        continue;
      }
      const { verdict } = runner.assess(turn.text, turn.speakerType);
      let changed = false;
      if (verdict.severity !== turn.severity) {
        changed = true;
        record(report.severity, turn.severity, verdict.severity, turn.assessmentId);
      }
      if (verdict.action !== turn.action) {
        changed = true;
        record(report.action, turn.action, verdict.action, turn.assessmentId);
      }
      for (const category of CATEGORY_IDS) {
        const before = rank(turn.categoryLevels[category] ?? 'none');
        const after = rank(verdict.categories[category].level);
        if (before === after) continue;
        changed = true;
        const bucket = report.categories[category];
        if (after > before) bucket.raised++;
        else bucket.lowered++;
        if (bucket.examples.length < MAX_EXAMPLES) bucket.examples.push(turn.assessmentId);
      }
      if (changed) report.changedTurns++;
    }
  }
  report.severity.sort((a, b) => b.count - a.count);
  report.action.sort((a, b) => b.count - a.count);
  return report;
}

function record(transitions: Transition[], from: string, to: string, example: string): void {
  let entry = transitions.find((t) => t.from === from && t.to === to);
  if (!entry) {
    entry = { from, to, count: 0, examples: [] };
    transitions.push(entry);
  }
  entry.count++;
  if (entry.examples.length < MAX_EXAMPLES) entry.examples.push(example);
}
