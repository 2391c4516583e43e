import request from 'supertest';
import { ApiKeyService } from '../../src/auth/api-key.service';
import { UsageDailyEntity } from '../../src/persistence/entities/usage-daily.entity';
import { Database } from '../../src/persistence/database';
import { ConversationRepository } from '../../src/persistence/repositories/conversation.repository';
import { TenantRepository } from '../../src/persistence/repositories/tenant.repository';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../utils/test-database';
import { createPortalUsers, signInPortal } from './portal-test-kit';

describe.each<DatabaseKind>(['sqlite', 'postgres'])('portal playground on %s', (kind) => {
  let db: TestDatabase;
  let t: TestApp;
  let tenantId: string;
  let analystId: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp({ env: db.env });
    const database = t.app.get(Database);
    tenantId = (await new TenantRepository(database).create('Acme')).id;
    const [analyst] = await createPortalUsers(t, [
      { tenantId, email: 'analyst@example.com', role: 'analyst' },
      { tenantId, email: 'analyst2@example.com', role: 'analyst' },
      { tenantId, email: 'viewer@example.com', role: 'viewer' },
    ]);
    analystId = analyst.id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const signIn = (email: string) => signInPortal(t.http, email);
  const usageCounters = () =>
    t.app.get(Database).manager.find(UsageDailyEntity, { where: { tenantId } });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const billableUnits = async () => sum((await usageCounters()).map((row) => row.billableUnits));
  const units = async () => sum((await usageCounters()).map((row) => row.units));

  it('runs a turn with mode playground: labels shown, zero billable units; a live call adds one', async () => {
    const { agent, csrf } = await signIn('analyst@example.com');
    const before = await billableUnits();
    const page = await agent
      .post('/portal/playground')
      .type('form')
      .send({
        _csrf: csrf,
        text: 'Hi! How was your day?',
        conversationId: 'c1',
        speakerType: 'user',
      })
      .expect(200);
    expect(page.text).toMatch(/data-severity="\w+"/);
    expect(page.text).toMatch(/data-action="\w+"/);
    expect(page.text).toContain('Conversation peak');
    expect(page.text).toContain('Conversation now (EMA)');
    expect((page.text.match(/<tr><td>/g) ?? []).length).toBe(9);
    const counters = await usageCounters();
    expect(sum(counters.filter((row) => row.mode === 'playground').map((row) => row.units))).toBe(
      1,
    );
    expect(await billableUnits()).toBe(before);

    const { plaintext } = await t.app
      .get(ApiKeyService)
      .create({ tenantId, mode: 'live', scopes: ['assess'], name: 'live' });
    await request(t.http)
      .post('/v1/conversation-analytics/assess')
      .set('Authorization', `Bearer ${plaintext}`)
      .send({
        event: { eventId: 'e1', conversationId: 'c1', text: 'Hello there', speakerType: 'user' },
      })
      .expect(200);
    expect(await billableUnits()).toBe(before + 1);
  });

  it('renders an HTML/script payload inert', async () => {
    const { agent, csrf } = await signIn('analyst@example.com');
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> "quoted"';
    const page = await agent
      .post('/portal/playground')
      .type('form')
      .send({ _csrf: csrf, text: payload, conversationId: 'xss', speakerType: 'user' })
      .expect(200);
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;',
    );
  });

  it('refuses a conversation id too long to store with the per-user prefix, storing nothing', async () => {
    const { agent, csrf } = await signIn('analyst@example.com');
    const before = await units();
    const page = await agent
      .post('/portal/playground')
      .type('form')
      .send({ _csrf: csrf, text: 'hello', conversationId: 'c'.repeat(120), speakerType: 'user' })
      .expect(400);
    expect(page.text).toMatch(/conversation id may have at most \d+ characters/);
    expect(await units()).toBe(before);
  });

  it('lets a viewer see the playground but not run it, and requires the CSRF token', async () => {
    const viewer = await signIn('viewer@example.com');
    await viewer.agent.get('/portal/playground').expect(200);
    await viewer.agent
      .post('/portal/playground')
      .type('form')
      .send({ _csrf: viewer.csrf, text: 'hi' })
      .expect(403);
    const analyst = await signIn('analyst@example.com');
    await analyst.agent.post('/portal/playground').type('form').send({ text: 'hi' }).expect(403);
  });

  type TimelinePoint = { turn: number; severity: string; ema: number; peak: string };
  const timelineOf = (html: string): TimelinePoint[] => {
    const block = /<script type="application\/json" id="timeline-data">(.*?)<\/script>/s.exec(html);
    return block ? (JSON.parse(block[1]) as { turns: TimelinePoint[] }).turns : [];
  };
  const run = (
    signedIn: { agent: ReturnType<typeof request.agent>; csrf: string },
    conversationId: string,
    text: string,
  ) =>
    signedIn.agent
      .post('/portal/playground')
      .type('form')
      .send({ _csrf: signedIn.csrf, text, conversationId, speakerType: 'user' })
      .expect(200);

  it('charts every turn of the playground conversation, ending at the stored EMA', async () => {
    const analyst = await signIn('analyst@example.com');
    await run(analyst, 'timeline', 'Hi! How was your day?');
    await run(analyst, 'timeline', 'I want to kill myself tonight, I have the pills ready');
    const page = await run(analyst, 'timeline', 'Thanks for listening');
    expect(page.text).toContain('<canvas id="timeline-chart"></canvas>');
    expect(page.text).toContain('/portal/assets/timeline-chart.js');
    const turns = timelineOf(page.text);
    expect(turns.map((point) => point.turn)).toEqual([1, 2, 3]);
    const state = await t.app.get(ConversationRepository).findState({
      tenantId,
      mode: 'playground',
      conversationId: `${analystId}:timeline`,
    });
    expect(state?.turns).toBe(3);
    expect(turns[2].ema).toBe(state?.ema);
    expect(turns[2].peak).toBe(state?.peak);
    expect(turns[1].severity).not.toBe('none');

    // Coming back to the conversation shows the same timeline before any new run.
    const reopened = await analyst.agent.get('/portal/playground?conversationId=timeline');
    expect(timelineOf(reopened.text)).toEqual(turns);
  });

  it("keeps two users' playground conversations with the same id apart", async () => {
    const first = await signIn('analyst@example.com');
    const second = await signIn('analyst2@example.com');
    await run(first, 'shared-id', 'Hello');
    await run(first, 'shared-id', 'Hello again');
    const page = await run(second, 'shared-id', 'Hi there');
    expect(timelineOf(page.text).map((point) => point.turn)).toEqual([1]);
    const back = await first.agent.get('/portal/playground?conversationId=shared-id').expect(200);
    expect(timelineOf(back.text).map((point) => point.turn)).toEqual([1, 2]);
  });

  it('offers a fresh conversation id that starts with no timeline', async () => {
    const analyst = await signIn('analyst@example.com');
    const page = await run(analyst, 'timeline-fresh', 'Hello');
    const fresh = /name="conversationId" value="(pg-[0-9a-f]+)"/.exec(page.text)?.[1];
    expect(fresh).toBeDefined();
    const next = await analyst.agent.get(`/portal/playground?conversationId=${fresh}`).expect(200);
    expect(next.text).toContain(`name="conversationId" value="${fresh}"`);
    expect(next.text).not.toContain('timeline-chart');
  });
});
