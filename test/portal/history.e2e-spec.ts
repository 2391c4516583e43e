import request from 'supertest';
import type {
  AssessmentStage,
  Finding,
  StageOutcome,
  TurnContext,
} from '../../src/engine/pipeline/assessment-stage';
import { SUBCATEGORY_IDS, isCategoryId } from '../../src/engine/taxonomy';
import { AssessmentHistorySearch1764010000000 } from '../../migrations/1764010000000-AssessmentHistorySearch';
import { Database } from '../../src/persistence/database';
import { AssessmentEntity } from '../../src/persistence/entities/assessment.entity';
import { ConversationStateEntity } from '../../src/persistence/entities/conversation-state.entity';
import { AssessmentRepository } from '../../src/persistence/repositories/assessment.repository';
import { createKey, createTenant } from '../factories/tenant.factory';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../utils/test-database';
import { createPortalUsers, signInPortal } from './portal-test-kit';

const CARD = '4111 1111 1111 1111';
const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>';

/**
 * Deterministic detection so the test is about history, not rule packs: `#<category>=<score>`
 * raises that category; a pii marker's span is the card number, so redaction masks it.
 */
class MarkerStage implements AssessmentStage {
  readonly name = 'rules' as const;

  async run({ turn }: TurnContext): Promise<StageOutcome> {
    const findings: Finding[] = [];
    for (const match of turn.text.matchAll(/#(\w+)=(0\.\d+)/g)) {
      const category = match[1];
      if (!isCategoryId(category)) continue;
      const card = turn.text.indexOf(CARD);
      const span =
        category === 'pii' && card >= 0
          ? { start: card, end: card + CARD.length }
          : { start: match.index, end: match.index + match[0].length };
      findings.push({
        category,
        subcategory: SUBCATEGORY_IDS[category][0],
        score: Number(match[2]),
        stage: 'rules',
        code: `test.${category}`,
        message: 'test marker',
        spans: [span],
      });
    }
    return { ran: true, findings, flags: [] };
  }
}

type Seeded = { conversationId: string; text: string; userIdHash?: string; characterId?: string };

describe.each<DatabaseKind>(['sqlite', 'postgres'])('portal history on %s', (kind) => {
  let db: TestDatabase;
  let t: TestApp;
  let tenantA: string;
  let tenantB: string;
  let eventNumber = 0;

  const assess = (key: string, event: Seeded) =>
    request(t.http)
      .post('/v1/conversation-analytics/assess')
      .set('Authorization', `Bearer ${key}`)
      .send({
        event: { eventId: `e${++eventNumber}`, speakerType: 'user', ...event },
      })
      .expect(200);

  const signIn = async (email: string) => (await signInPortal(t.http, email)).agent;
  const storedRows = (tenantId: string, mode = 'live') =>
    t.app.get(Database).manager.find(AssessmentEntity, {
      where: { tenantId, mode: mode as AssessmentEntity['mode'] },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  const resultIds = (html: string) =>
    [...html.matchAll(/<tr data-assessment-id="([^"]+)"/g)].map((match) => match[1]);
  const timelineData = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="timeline-data">(.*?)<\/script>/s.exec(html)![1],
    ) as {
      turns: { turn: number; severity: string; ema: number; peak: string }[];
    };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp({ env: db.env, stages: [new MarkerStage()] });
    const a = await createTenant(t.app, { mode: 'live', name: 'A' });
    const aTest = await createKey(t.app, a.tenantId, { mode: 'test' });
    const b = await createTenant(t.app, { mode: 'live', name: 'B' });
    tenantA = a.tenantId;
    tenantB = b.tenantId;
    await createPortalUsers(t, [
      { tenantId: tenantA, email: 'viewer@a.example', role: 'viewer' },
      { tenantId: tenantB, email: 'viewer@b.example', role: 'viewer' },
    ]);

    const luna = { userIdHash: 'u_1', characterId: 'char_luna' };
    await assess(a.key, { conversationId: 'conv_a', text: 'hello there', ...luna });
    await assess(a.key, {
      conversationId: 'conv_a',
      text: 'I will hurt you #violence=0.75',
      ...luna,
    });
    await assess(a.key, { conversationId: 'conv_a', text: `my card ${CARD} #pii=0.55`, ...luna });
    await assess(a.key, { conversationId: 'conv_a', text: HOSTILE, ...luna });
    await assess(a.key, {
      conversationId: 'conv_b',
      text: 'feeling low #self_harm=0.35',
      userIdHash: 'u_2',
      characterId: 'char_max',
    });
    await assess(a.key, { conversationId: '-2-3', text: '=HYPERLINK("http://evil")' });
    await assess(aTest.key, { conversationId: 'conv_a', text: 'test mode turn #violence=0.95' });
    await assess(b.key, { conversationId: 'conv_a', text: 'other tenant #illegal=0.75' });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('lists the tenant’s live assessments newest first, without other modes or tenants', async () => {
    const agent = await signIn('viewer@a.example');
    const page = await agent.get('/portal/history').expect(200);
    const expected = (await storedRows(tenantA)).map((row) => row.id);
    expect(expected).toHaveLength(6);
    expect(resultIds(page.text)).toEqual(expected);
    expect(page.text).toContain('class="conversation-link"');
    expect(page.text).toContain('href="/portal/history/conversations/live/conv_a#turn-');
    expect(page.text).not.toContain('test mode turn');

    const other = await signIn('viewer@b.example');
    const theirs = await other.get('/portal/history?conversationId=conv_a').expect(200);
    expect(resultIds(theirs.text)).toEqual((await storedRows(tenantB)).map((row) => row.id));
  });

  it.each([
    ['conversationId=conv_b', ['feeling low #self_harm=0.35']],
    ['userIdHash=u_2', ['feeling low #self_harm=0.35']],
    ['characterId=char_max', ['feeling low #self_harm=0.35']],
    ['severity=high', ['I will hurt you #violence=0.75']],
    ['severity=medium&severityMatch=at_least', ['I will hurt you #violence=0.75', 'pii']],
    ['category=pii', ['pii']],
    ['category=violence', ['I will hurt you #violence=0.75']],
    ['action=block', ['I will hurt you #violence=0.75']],
    ['mode=test', ['test mode turn #violence=0.95']],
  ])('narrows by %s', async (query, texts) => {
    const agent = await signIn('viewer@a.example');
    const page = await agent.get(`/portal/history?${query}`).expect(200);
    const mode = query === 'mode=test' ? 'test' : 'live';
    const stored = new Map((await storedRows(tenantA, mode)).map((row) => [row.id, row.text]));
    // pii turns are stored redacted: match them by their marker instead of the raw text.
    const found = resultIds(page.text).map((id) => stored.get(id) ?? '');
    expect(found).toHaveLength(texts.length);
    for (const text of texts) {
      expect(
        found.some((stored) => (text === 'pii' ? stored.includes('#pii') : stored === text)),
      ).toBe(true);
    }
  });

  it('filters by time range (dates and instants) on the stored time', async () => {
    const agent = await signIn('viewer@a.example');
    const rows = await storedRows(tenantA);
    const oldest = rows[rows.length - 1].createdAt;
    const newest = rows[0].createdAt;
    const count = async (query: string) =>
      resultIds((await agent.get(`/portal/history?${query}`).expect(200)).text).length;
    expect(await count(`from=${encodeURIComponent(oldest)}&to=${encodeURIComponent(newest)}`)).toBe(
      6,
    );
    expect(await count(`from=${encodeURIComponent(newest)}`)).toBe(
      rows.filter((row) => row.createdAt === newest).length,
    );
    expect(await count('to=2000-01-01')).toBe(0);
    expect(await count(`from=${newest.slice(0, 10)}&to=${newest.slice(0, 10)}`)).toBe(
      rows.filter((row) => row.createdAt.startsWith(newest.slice(0, 10))).length,
    );
  });

  it('pages 50 at a time with a next link that continues where the page ended', async () => {
    const { key } = await createKey(t.app, tenantA, { mode: 'live' });
    for (let i = 0; i < 52; i++)
      await assess(key, { conversationId: 'conv_many', text: `turn ${i}` });
    const agent = await signIn('viewer@a.example');
    const first = await agent.get('/portal/history?conversationId=conv_many').expect(200);
    expect(resultIds(first.text)).toHaveLength(50);
    const next = /<a id="history-next" rel="next" href="([^"]+)"/.exec(first.text)![1];
    const second = await agent.get(next.replace(/&amp;/g, '&')).expect(200);
    expect(resultIds(second.text)).toHaveLength(2);
    expect(second.text).not.toContain('id="history-next"');
    const all = [...resultIds(first.text), ...resultIds(second.text)];
    expect(new Set(all).size).toBe(52);
    const stored = (await storedRows(tenantA)).filter((row) => row.conversationId === 'conv_many');
    expect(all).toEqual(stored.map((row) => row.id));
  }, 30_000);

  it('shows a conversation: state, turns in order with stored (redacted, escaped) text, timeline', async () => {
    const agent = await signIn('viewer@a.example');
    const page = await agent.get('/portal/history/conversations/live/conv_a').expect(200);
    const turns = [...page.text.matchAll(/<tr id="turn-\d+" data-turn="(\d+)">/g)].map((m) => m[1]);
    expect(turns).toEqual(['1', '2', '3', '4']);
    expect(page.text).toMatch(
      /<tr id="turn-2" data-turn="2">.*?<td class="severity"><span class="badge" data-severity="high">/,
    );
    expect(page.text).not.toContain(CARD);
    expect(page.text).toContain(`my card ${'*'.repeat(CARD.length)} #pii=0.55`);
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;',
    );
    expect(page.text).not.toContain('test mode turn');
    expect(page.text).not.toContain('other tenant');
    expect(page.text).toContain('<canvas id="timeline-chart">');

    const state = await t.app.get(Database).manager.findOneByOrFail(ConversationStateEntity, {
      tenantId: tenantA,
      mode: 'live',
      conversationId: 'conv_a',
    });
    const timeline = timelineData(page.text);
    expect(timeline.turns.map((point) => point.severity)).toEqual([
      'none',
      'high',
      'medium',
      'none',
    ]);
    expect(timeline.turns[3].ema).toBeCloseTo(state.ema, 10);
    expect(timeline.turns[3].peak).toBe(state.peak);
    expect(page.text).toContain(`data-peak="${state.peak}"`);

    const testMode = await agent.get('/portal/history/conversations/test/conv_a').expect(200);
    expect(testMode.text).toContain('test mode turn');
    expect(testMode.text).not.toContain('hello there');
    const other = await signIn('viewer@b.example');
    const theirs = await other.get('/portal/history/conversations/live/conv_a').expect(200);
    expect(theirs.text).toContain('other tenant');
    expect(theirs.text).not.toContain('hello there');
  });

  it('pages a long conversation 200 turns at a time, the EMA still folded from turn 1', async () => {
    const { key } = await createKey(t.app, tenantB, { mode: 'live' });
    for (let i = 1; i <= 202; i++) {
      const text = i % 3 === 0 ? `turn ${i} #violence=0.75` : `turn ${i}`;
      await assess(key, { conversationId: 'conv_long', text });
    }
    const agent = await signIn('viewer@b.example');
    const href = '/portal/history/conversations/live/conv_long';
    const first = await agent.get(href).expect(200);
    const turnsOf = (html: string) =>
      [...html.matchAll(/<tr id="turn-\d+" data-turn="(\d+)">/g)].map((m) => Number(m[1]));
    expect(turnsOf(first.text)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(first.text).toContain(`id="conversation-next" rel="next" href="${href}?after=200"`);
    const second = await agent.get(`${href}?after=200`).expect(200);
    expect(turnsOf(second.text)).toEqual([201, 202]);
    expect(second.text).not.toContain('id="conversation-next"');
    const state = await t.app.get(Database).manager.findOneByOrFail(ConversationStateEntity, {
      tenantId: tenantB,
      mode: 'live',
      conversationId: 'conv_long',
    });
    const timeline = timelineData(second.text);
    expect(timeline.turns.map((point) => point.turn)).toEqual([201, 202]);
    expect(timeline.turns[1].ema).toBeCloseTo(state.ema, 10);

    const search = await agent.get('/portal/history?conversationId=conv_long').expect(200);
    expect(search.text).toContain(`href="${href}?after=200#turn-202"`);
  }, 60_000);

  it('exports the same rows as the search as JSONL and CSV, formulas neutralised', async () => {
    const agent = await signIn('viewer@a.example');
    const query = 'severity=low&severityMatch=at_least';
    const ids = resultIds((await agent.get(`/portal/history?${query}`).expect(200)).text);
    expect(ids).toHaveLength(3);

    const jsonl = await agent.get(`/portal/history/export.jsonl?${query}`).expect(200);
    expect(jsonl.headers['content-disposition']).toMatch(/^attachment; filename="history-live-/);
    const lines = jsonl.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.id)).toEqual(ids);
    expect(lines[0]).toMatchObject({ mode: 'live', assessment: { mode: 'live' } });
    expect(jsonl.text).not.toContain(CARD);

    const everything = await agent.get('/portal/history/export.csv').expect(200);
    expect(everything.headers['content-type']).toMatch(/^text\/csv/);
    expect(everything.headers['content-disposition']).toMatch(/^attachment; filename=.*\.csv"$/);
    const records = everything.text.trimEnd().split('\r\n');
    expect(records[0]).toMatch(/^id,created_at,mode,conversation_id,turn,/);
    expect(records).toHaveLength(1 + (await storedRows(tenantA)).length);
    expect(everything.text).toContain(`,'-2-3,`);
    expect(everything.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(everything.text).not.toContain(',=HYPERLINK');
  });

  it('answers bad filters with a 400 page, not a 500', async () => {
    const agent = await signIn('viewer@a.example');
    const bad = await agent.get('/portal/history?severity=severe').expect(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expect(bad.text).toContain('severity must be one of');
    expect(bad.text).toContain('id="history-search"');
    await agent.get('/portal/history?from=yesterday').expect(400);
    await agent.get('/portal/history?cursor=x').expect(400);
    await agent
      .get(`/portal/history?conversationId=${encodeURIComponent("' OR 1=1 --")}`)
      .expect(400);
    await agent.get('/portal/history/export.csv?to=2026-13-01').expect(400);
    await agent.get('/portal/history/conversations/prod/conv_a').expect(400);
    await agent.get('/portal/history/conversations/live/conv_a?after=-1').expect(400);
    await agent.get('/portal/history/conversations/live/nope').expect(404);
    await request(t.http).get('/portal/history').expect(401);
  });

  it('backfills raised_categories when the migration runs over stored rows', async () => {
    const migration = new AssessmentHistorySearch1764010000000();
    const runner = t.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows = await storedRows(tenantA);
    const raised = Object.fromEntries(rows.map((row) => [row.text, row.raisedCategories]));
    expect(raised['I will hurt you #violence=0.75']).toBe(',violence,');
    expect(raised['hello there']).toBe('');
    const agent = await signIn('viewer@a.example');
    const page = await agent.get('/portal/history?category=pii').expect(200);
    expect(resultIds(page.text)).toHaveLength(1);
  });

  it('gives the backtest each stored conversation in turn order (AssessmentRepository)', async () => {
    const conversations = [];
    for await (const turns of t.app
      .get(AssessmentRepository)
      .conversations({ tenantId: tenantA, mode: 'live' })) {
      conversations.push(turns);
    }
    expect(conversations.map((turns) => turns.length).sort((x, y) => x - y)).toEqual([1, 1, 4, 52]);
    const convA = conversations.find((turns) => turns.length === 4)!;
    expect(convA.map((turn) => turn.severity)).toEqual(['none', 'high', 'medium', 'none']);
    expect(convA[1].categoryLevels.violence).toBe('high');
    expect(convA[2].text).not.toContain(CARD);
  });
});
