import type { RulesEngineService } from '../../engine/rules/rules-engine.service';
import type { AssessmentEntity } from '../../persistence/entities/assessment.entity';
import type {
  AssessmentRepository,
  AssessmentSearch,
  SearchCursor,
} from '../../persistence/repositories/assessment.repository';
import type { ConversationRepository } from '../../persistence/repositories/conversation.repository';
import { EXPORT_ROW_CAP, HISTORY_PAGE_SIZE, HistoryService } from './history.service';

const SEARCH: AssessmentSearch = { tenantId: 't1', mode: 'live' };

/** `count` stored rows, newest first, behind a search that pages by (createdAt, id) cursor. */
function serviceOver(count: number) {
  const rows = Array.from(
    { length: count },
    (_, i) =>
      ({
        id: `a${String(i).padStart(6, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) - i * 1000).toISOString(),
      }) as AssessmentEntity,
  );
  const calls: { after: SearchCursor | null; limit: number }[] = [];
  const assessments = {
    search: (_search: AssessmentSearch, after: SearchCursor | null, limit: number) => {
      calls.push({ after, limit });
      const start = after ? rows.findIndex((row) => row.id === after.id) + 1 : 0;
      return Promise.resolve(rows.slice(start, start + limit));
    },
  } as unknown as AssessmentRepository;
  const service = new HistoryService(
    assessments,
    {} as ConversationRepository,
    {} as RulesEngineService,
  );
  return { service, rows, calls };
}

async function exported(service: HistoryService): Promise<string[]> {
  const ids: string[] = [];
  for await (const row of service.exportRows(SEARCH)) ids.push(row.id);
  return ids;
}

describe('HistoryService', () => {
  it('pages the search: a next cursor (the last row shown) only when more rows match', async () => {
    const { service, rows } = serviceOver(HISTORY_PAGE_SIZE + 1);
    const first = await service.searchPage(SEARCH, null);
    expect(first.rows).toEqual(rows.slice(0, HISTORY_PAGE_SIZE));
    const last = rows[HISTORY_PAGE_SIZE - 1];
    expect(first.next).toEqual({ createdAt: last.createdAt, id: last.id });
    const second = await service.searchPage(SEARCH, first.next);
    expect(second.rows).toEqual([rows[HISTORY_PAGE_SIZE]]);
    expect(second.next).toBeNull();
  });

  it('exports every match across batches, each batch continuing after the last row', async () => {
    const { service, rows, calls } = serviceOver(1_234);
    expect(await exported(service)).toEqual(rows.map((row) => row.id));
    expect(calls.length).toBeGreaterThan(1);
    expect(calls[0].after).toBeNull();
    expect(new Set(calls.map((call) => call.after?.id)).size).toBe(calls.length);
  });

  it('stops an export at EXPORT_ROW_CAP rows, newest first', async () => {
    const { service, rows, calls } = serviceOver(EXPORT_ROW_CAP + 700);
    expect(await exported(service)).toEqual(rows.slice(0, EXPORT_ROW_CAP).map((row) => row.id));
    const fetched = calls.reduce((sum, call) => sum + call.limit, 0);
    expect(fetched).toBe(EXPORT_ROW_CAP);
  });
});
