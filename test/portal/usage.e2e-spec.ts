import request from 'supertest';
import { ApiKeyService } from '../../src/auth/api-key.service';
import { Database } from '../../src/persistence/database';
import { TenantRepository } from '../../src/persistence/repositories/tenant.repository';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../utils/test-database';
import { createPortalUsers, signInPortal, type PortalAgent as Agent } from './portal-test-kit';

type Counts = { billable: number; test: number; playground: number };

/** The numbers the page shows: `#usage-totals` attributes and `table#usage` rows. */
const totalsOn = (html: string): Counts => {
  const match =
    /id="usage-totals" data-billable="(\d+)" data-test="(\d+)" data-playground="(\d+)"/.exec(html);
  if (!match) throw new Error('no #usage-totals on the page');
  return { billable: Number(match[1]), test: Number(match[2]), playground: Number(match[3]) };
};
const tableRowsOn = (html: string): string[] =>
  [
    ...html.matchAll(
      /<tr data-day="([\d-]+)"><td>[\d-]+<\/td><td class="billable">(\d+)<\/td><td class="test">(\d+)<\/td><td class="playground">(\d+)<\/td><\/tr>/g,
    ),
  ].map((m) => `${m[1]},${m[2]},${m[3]},${m[4]}`);

describe.each<DatabaseKind>(['sqlite', 'postgres'])('portal usage on %s', (kind) => {
  let db: TestDatabase;
  let t: TestApp;
  let tenantId: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp({ env: db.env });
    const database = t.app.get(Database);
    const tenants = new TenantRepository(database);
    tenantId = (await tenants.create('Acme')).id;
    const otherTenantId = (await tenants.create('Other')).id;
    await createPortalUsers(t, [
      { tenantId, email: 'analyst@acme.test', role: 'analyst' },
      { tenantId, email: 'viewer@acme.test', role: 'viewer' },
      { tenantId: otherTenantId, email: 'viewer@other.test', role: 'viewer' },
    ]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const signIn = (email: string) => signInPortal(t.http, email);
  const usageTotals = async (agent: Agent) =>
    totalsOn((await agent.get('/portal/usage').expect(200)).text);
  let eventSeq = 0;
  const assessWith = async (mode: 'live' | 'test') => {
    const { plaintext } = await t.app
      .get(ApiKeyService)
      .create({ tenantId, mode, scopes: ['assess'], name: mode });
    await request(t.http)
      .post('/v1/conversation-analytics/assess')
      .set('Authorization', `Bearer ${plaintext}`)
      .send({
        event: {
          eventId: `u${++eventSeq}`,
          conversationId: 'usage',
          text: 'Hello there',
          speakerType: 'user',
        },
      })
      .expect(200);
  };

  it('counts a playground run as free playground, a live call as billable, a test call as test', async () => {
    const viewer = await signIn('viewer@acme.test');
    const start = await usageTotals(viewer.agent);

    const analyst = await signIn('analyst@acme.test');
    await analyst.agent
      .post('/portal/playground')
      .type('form')
      .send({ _csrf: analyst.csrf, text: 'Hi! How was your day?', conversationId: 'u1' })
      .expect(200);
    const afterPlayground = await usageTotals(viewer.agent);
    expect(afterPlayground).toEqual({ ...start, playground: start.playground + 1 });

    await assessWith('live');
    const afterLive = await usageTotals(viewer.agent);
    expect(afterLive).toEqual({ ...afterPlayground, billable: afterPlayground.billable + 1 });

    await assessWith('test');
    expect(await usageTotals(viewer.agent)).toEqual({ ...afterLive, test: afterLive.test + 1 });

    // Another tenant sees none of it.
    const other = await signIn('viewer@other.test');
    expect(await usageTotals(other.agent)).toEqual({ billable: 0, test: 0, playground: 0 });
  });

  it('shows the last 30 UTC days by default: one row per day, chart and data, totals = rows', async () => {
    const { agent } = await signIn('viewer@acme.test');
    const page = await agent.get('/portal/usage').expect(200);
    const rows = tableRowsOn(page.text);
    expect(rows).toHaveLength(30);
    expect(rows[29]).toMatch(new RegExp(`^${new Date().toISOString().slice(0, 10)},`));
    const summed = rows
      .map((row) => row.split(',').slice(1).map(Number))
      .reduce((a, b) => a.map((value, i) => value + b[i]!), [0, 0, 0]);
    const totals = totalsOn(page.text);
    expect(summed).toEqual([totals.billable, totals.test, totals.playground]);
    expect(page.text).toContain('<canvas id="usage-chart"');
    expect(page.text).toContain('id="usage-data"');
    expect(page.text).toContain('/portal/assets/usage-chart.js');
    // An empty range form means the default range.
    const blank = await agent.get('/portal/usage?from=&to=').expect(200);
    expect(tableRowsOn(blank.text)).toEqual(rows);
  });

  it('exports the same range as CSV, matching the table', async () => {
    const { agent } = await signIn('viewer@acme.test');
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const page = await agent.get(`/portal/usage?from=${from}&to=${today}`).expect(200);
    const href = /<a id="usage-csv" href="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
    expect(href).toBe(`/portal/usage.csv?from=${from}&to=${today}`);

    const csv = await agent.get(href!).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="usage-${from}-to-${today}.csv"`,
    );
    const [header, ...lines] = csv.text.trimEnd().split('\r\n');
    expect(header).toBe('day,billable,test,playground');
    expect(lines).toHaveLength(7);
    expect(lines).toEqual(tableRowsOn(page.text));
    expect(lines.some((line) => line !== `${line.split(',')[0]},0,0,0`)).toBe(true);
  });

  it.each([
    ['from=2026-02-30', /from must be a date YYYY-MM-DD/],
    ['to=yesterday', /to must be a date YYYY-MM-DD/],
    ['from=2026-03-02&to=2026-03-01', /from must be &lt;= to/],
    ['from=2024-01-01&to=2025-01-01', /at most 366 days apart/],
  ])('answers a bad range (%s) with a clear 400 page and 400 CSV', async (query, message) => {
    const { agent } = await signIn('viewer@acme.test');
    const page = await agent.get(`/portal/usage?${query}`).expect(400);
    expect(page.text).toMatch(message);
    expect(page.text).not.toContain('id="usage"');
    await agent.get(`/portal/usage.csv?${query}`).expect(400);
  });

  it('needs a session for the page and the CSV', async () => {
    await request(t.http).get('/portal/usage').expect(401);
    await request(t.http).get('/portal/usage.csv').expect(401);
  });

  it('serves the chart script that reads the usage-data block', async () => {
    const script = await request(t.http).get('/portal/assets/usage-chart.js').expect(200);
    expect(script.text).toContain("getElementById('usage-data')");
    expect(script.text).toContain("getElementById('usage-chart')");
  });
});
