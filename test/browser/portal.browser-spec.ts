import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { makeEvent } from '../factories/event.factory';
import {
  setField,
  startPortalBrowser,
  submitWith,
  visit,
  type PortalBrowser,
} from './browser-harness';

// One user journey through the portal in Chromium. The steps share the signed-in page and
// build on each other (the key created in one is used and revoked in later ones), so they
// run in order. Generous timeouts: the machine is shared and the rule set loads at start.
jest.setTimeout(120_000);

const ASSESS = '/v1/conversation-analytics/assess';
const LEVELS = ['none', 'low', 'medium', 'high', 'critical'];

/** Small talk around one clearly risky turn (a self-harm statement). */
const CONVERSATION = [
  { text: 'Hi! How was your day? Mine was pretty relaxing, I watched a movie.', risky: false },
  { text: "I can't take it anymore. I want to kill myself tonight.", risky: true },
  { text: 'Thanks for listening. What should we cook for dinner?', risky: false },
];

const XSS_PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

const suffix = () => randomBytes(4).toString('hex');
const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

describe('portal in Chromium', () => {
  let portal: PortalBrowser;
  let page: Page;
  let secret: string;
  let keyPrefix: string;
  const apiConversationId = `conv_browser_${suffix()}`;
  const apiText = 'Hello from the browser test, how are you today?';

  const assessWith = (key: string, conversationId = apiConversationId, text = apiText) =>
    fetch(`${portal.baseUrl}${ASSESS}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: makeEvent({ conversationId, text }) }),
    });

  /** No script of the payload ran and no element of it exists on the page. */
  const expectInert = async (container: Locator, dialogsBefore: number) => {
    expect(await textOf(container)).toContain(XSS_PAYLOAD);
    expect(await container.locator('img, script').count()).toBe(0);
    expect(await page.locator('img[src=x]').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(portal.dialogs.slice(dialogsBefore)).toEqual([]);
  };

  const runPlaygroundTurn = async (text: string, conversationId: string) => {
    // The run form; the page also has a GET form that starts a new conversation.
    const form = page.locator('form[method=post][action="/portal/playground"]');
    await form.locator('textarea[name=text]').fill(text);
    await form.locator('input[name=conversationId]').fill(conversationId);
    await submitWith(page, form.locator('[type=submit]'));
  };

  const keyRow = () => page.locator(`table#keys tr[data-prefix="${keyPrefix}"]`);

  beforeAll(async () => {
    portal = await startPortalBrowser();
    page = portal.page;
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  }, 60_000);

  // Every step must leave the console clean: a CSP violation means an inline script, handler
  // or style broke the page's policy; any other error is a broken page script or asset.
  afterEach(() => {
    expect(portal?.drainProblems() ?? []).toEqual([]);
  });

  it('signs in and lands on the playground', async () => {
    await visit(page, '/portal/login');
    await portal.screenshot('01-login');
    await page.locator('input[name=email]').fill(portal.admin.email);
    await page.locator('input[name=password]').fill(portal.admin.password);
    await submitWith(page, page.locator('form[action="/portal/login"] [type=submit]'));
    expect(new URL(page.url()).pathname).toBe('/portal/playground');
    expect(await textOf(page.locator('header .who'))).toContain(portal.admin.email);
    await portal.screenshot('02-playground');
  });

  it('creates a test key with scopes assess and read and shows its secret once', async () => {
    await visit(page, '/portal/keys');
    const form = page.locator('form#create-key');
    await form.locator('select[name=mode]').selectOption('test');
    for (const scope of ['assess', 'read', 'admin']) {
      await form.locator(`input[name=scopes][value=${scope}]`).setChecked(scope !== 'admin');
    }
    const name = form.locator('input[name=name]');
    if ((await name.count()) > 0) await name.fill('browser test key');
    await submitWith(page, form.locator('[type=submit]'));

    secret = await textOf(page.locator('#new-key-secret'));
    expect(secret).toMatch(/^ca_test_\w+$/);
    const prefixes = await page
      .locator('table#keys tr[data-prefix]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-prefix') as string));
    keyPrefix = prefixes.find((prefix) => prefix && secret.startsWith(prefix)) ?? '';
    expect(keyPrefix).not.toBe('');
    expect(await textOf(keyRow().locator('td.status'))).toBe('active');
    await portal.screenshot('03-keys-created');
  });

  it('the new key assesses over the API (test mode)', async () => {
    const response = await assessWith(secret);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      conversationId: apiConversationId,
      severity: 'none',
      mode: 'test',
    });
  });

  it('runs a multi-turn playground conversation with labels and a timeline of every turn', async () => {
    await visit(page, '/portal/playground');
    const conversationId = `play_${suffix()}`;
    let riskySeverity = 'none';
    for (const [index, turn] of CONVERSATION.entries()) {
      await runPlaygroundTurn(turn.text, conversationId);
      await page.locator('#result').waitFor();
      const severity = await page.locator('[data-severity]').getAttribute('data-severity');
      const selfHarmLevel = await textOf(
        page
          .locator('table#categories tr')
          .filter({ has: page.getByRole('cell', { name: 'self_harm', exact: true }) })
          .locator('td')
          .nth(2),
      );
      if (turn.risky) {
        expect(['high', 'critical']).toContain(severity);
        expect(['high', 'critical']).toContain(selfHarmLevel);
        expect(await page.locator('[data-action]').getAttribute('data-action')).not.toBe('none');
        riskySeverity = severity!;
      } else {
        expect(severity).toBe('none');
        expect(selfHarmLevel).toBe('none');
      }
      const chart = page.locator(`canvas#timeline-chart[data-turns="${index + 1}"]`);
      await chart.waitFor();
      await portal.screenshot(`04-playground-turn-${index + 1}`);
    }
    // The risky turn stays the conversation's peak after the small talk that follows it.
    expect(await page.locator('[data-peak]').getAttribute('data-peak')).toBe(riskySeverity);
    expect(LEVELS).toContain(await page.locator('[data-now]').getAttribute('data-now'));
    expect(await page.locator('canvas#timeline-chart').getAttribute('data-turns')).toBe(
      String(CONVERSATION.length),
    );
  });

  it('usage shows the playground runs as free and no billable units', async () => {
    await visit(page, '/portal/usage');
    const totals = page.locator('#usage-totals');
    const total = async (name: string) => Number(await totals.getAttribute(`data-${name}`));
    expect(await total('playground')).toBeGreaterThanOrEqual(CONVERSATION.length);
    expect(await total('billable')).toBe(0);
    expect(await total('test')).toBeGreaterThanOrEqual(1);
    const days = page.locator('table#usage tr[data-day]');
    expect(await days.count()).toBeGreaterThanOrEqual(1);
    const billableCells = await days.locator('td.billable').allTextContents();
    expect(billableCells.map((cell) => Number(cell.trim()))).toEqual(billableCells.map(() => 0));
    await page.locator('canvas#usage-chart[data-days]').waitFor();
    await page.locator('a#usage-csv').waitFor();
    await portal.screenshot('05-usage');
  });

  it('history finds the API conversation and opens its conversation page', async () => {
    await visit(page, '/portal/history');
    const form = page.locator('form#history-search');
    await setField(form.locator('[name=conversationId]'), apiConversationId);
    await setField(form.locator('[name=mode]'), 'test');
    await submitWith(page, form.locator('[type=submit]'));
    const results = page.locator('table#history-results tr[data-assessment-id]');
    expect(await results.count()).toBe(1);
    await page.locator('a#export-jsonl').waitFor();
    await page.locator('a#export-csv').waitFor();
    await portal.screenshot('06-history-search');

    await submitWith(page, results.first().locator('a.conversation-link'));
    const turns = page.locator('table#conversation-turns tr[data-turn]');
    expect(await turns.count()).toBe(1);
    expect(await textOf(turns.first().locator('td.text'))).toContain(apiText);
    expect(await textOf(turns.first().locator('td.severity'))).toBe('none');
    await page.locator('canvas#timeline-chart[data-turns="1"]').waitFor();
    await portal.screenshot('07-conversation');
  });

  it('rules page shows the loaded packs', async () => {
    await visit(page, '/portal/rules');
    expect(await textOf(page.locator('#rules-version'))).not.toBe('');
    expect(await page.locator('table#rule-packs tr[data-pack]').count()).toBeGreaterThan(0);
    expect(['ok', 'failed', 'none']).toContain(
      await page.locator('#last-reload').getAttribute('data-outcome'),
    );
    expect(['pass', 'fail', 'not-run']).toContain(
      await page.locator('#rules-check').getAttribute('data-status'),
    );
    await page.locator('section#backtest').waitFor({ state: 'attached' });
    await portal.screenshot('08-rules');
  });

  it('a hostile turn stored through the API renders inert on its conversation page', async () => {
    const dialogsBefore = portal.dialogs.length;
    const conversationId = `conv_xss_${suffix()}`;
    expect((await assessWith(secret, conversationId, `stored ${XSS_PAYLOAD}`)).status).toBe(200);
    await visit(page, `/portal/history/conversations/test/${conversationId}`);
    await expectInert(page.locator('table#conversation-turns td.text').first(), dialogsBefore);
    await portal.screenshot('09-conversation-xss');
  });

  it('revoking the key in the UI makes the API answer 401 at once', async () => {
    await visit(page, '/portal/keys');
    await submitWith(page, keyRow().locator('form.revoke-key [type=submit]'));
    expect(await textOf(keyRow().locator('td.status'))).toBe('revoked');
    expect(await keyRow().locator('form.revoke-key').count()).toBe(0);
    await portal.screenshot('10-keys-revoked');
    expect((await assessWith(secret)).status).toBe(401);
  });

  it('renders an HTML/script payload in a turn inert', async () => {
    const dialogsBefore = portal.dialogs.length;
    await visit(page, '/portal/playground');
    await runPlaygroundTurn(`Look at this: ${XSS_PAYLOAD} ok?`, `xss_${suffix()}`);
    await expectInert(page.locator('#highlighted'), dialogsBefore);
    await portal.screenshot('11-playground-xss');
  });
});
