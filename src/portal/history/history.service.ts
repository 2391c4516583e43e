import { Injectable } from '@nestjs/common';
import { currentLevel, snapshotFor } from '../../assessment/conversation-state';
import { RulesEngineService } from '../../engine/rules/rules-engine.service';
import type { Mode } from '../../engine/taxonomy';
import type { AssessmentEntity } from '../../persistence/entities/assessment.entity';
import {
  AssessmentRepository,
  type AssessmentSearch,
  type SearchCursor,
} from '../../persistence/repositories/assessment.repository';
import { ConversationRepository } from '../../persistence/repositories/conversation.repository';
import { CONVERSATION_PAGE_TURNS, type ConversationStateView } from '../views/conversation.view';
import { timelineFrom, type TimelineData } from '../views/timeline';

/** Rows per history page. */
export const HISTORY_PAGE_SIZE = 50;
/** Exports stop after this many rows (newest first); narrow the filters for older ones. */
export const EXPORT_ROW_CAP = 10_000;
const EXPORT_BATCH = 500;

export type ConversationPage = {
  state: ConversationStateView;
  turns: AssessmentEntity[];
  /** Timeline points of the turns on this page (EMA folded from the first turn). */
  timeline: TimelineData;
  /** The last turn number shown, when more turns follow. */
  nextAfterTurn: number | null;
};

/** Portal history: search, export and conversation review over the stored assessments. */
@Injectable()
export class HistoryService {
  constructor(
    private readonly assessments: AssessmentRepository,
    private readonly conversations: ConversationRepository,
    private readonly rules: RulesEngineService,
  ) {}

  /** One page of matches, newest first, and the cursor of the next page if there is one. */
  async searchPage(
    search: AssessmentSearch,
    after: SearchCursor | null,
  ): Promise<{ rows: AssessmentEntity[]; next: SearchCursor | null }> {
    const found = await this.assessments.search(search, after, HISTORY_PAGE_SIZE + 1);
    const rows = found.slice(0, HISTORY_PAGE_SIZE);
    const last = rows[rows.length - 1];
    return {
      rows,
      next: found.length > HISTORY_PAGE_SIZE ? { createdAt: last.createdAt, id: last.id } : null,
    };
  }

  /** Every match from the newest, in batches, stopping at EXPORT_ROW_CAP rows. */
  async *exportRows(search: AssessmentSearch): AsyncIterable<AssessmentEntity> {
    let after: SearchCursor | null = null;
    let remaining = EXPORT_ROW_CAP;
    while (remaining > 0) {
      const batch = await this.assessments.search(search, after, Math.min(EXPORT_BATCH, remaining));
      yield* batch;
      remaining -= batch.length;
      if (batch.length < EXPORT_BATCH) return;
      const last = batch[batch.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  /** A conversation's state and one page of its turns after `afterTurn`; null if unknown. */
  async conversation(
    key: { tenantId: string; mode: Mode; conversationId: string },
    afterTurn: number,
  ): Promise<ConversationPage | null> {
    const state = await this.conversations.findState(key);
    if (!state) return null;
    const rows = await this.assessments.pageForConversation(
      key,
      afterTurn,
      CONVERSATION_PAGE_TURNS + 1,
    );
    const turns = rows.slice(0, CONVERSATION_PAGE_TURNS);
    const lastTurn = turns.length ? turns[turns.length - 1].turnNumber : afterTurn;
    // The EMA after a turn depends on every turn before it, so the fold starts at turn 1.
    const folded = timelineFrom(
      await this.assessments.severitiesThrough(key, lastTurn),
      this.rules.policy.emaAlpha,
    );
    return {
      state: {
        turns: state.turns,
        peak: state.peak,
        ema: state.ema,
        current: currentLevel(state.ema),
        categoryCounts: state.categoryCounts,
        liveFlags: snapshotFor(state).flags,
        createdAt: state.createdAt,
        updatedAt: state.updatedAt,
      },
      turns,
      timeline: { turns: folded.turns.filter((point) => point.turn > afterTurn) },
      nextAfterTurn: rows.length > CONVERSATION_PAGE_TURNS ? lastTurn : null,
    };
  }
}
