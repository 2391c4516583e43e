import { existsSync, mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { Database } from '../../src/persistence/database';
import { TenantRepository } from '../../src/persistence/repositories/tenant.repository';
import { PortalUserService } from '../../src/portal/users/portal-user.service';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createTestDatabase, type TestDatabase } from '../utils/test-database';

/** Debian's Chromium: the tests never download a browser (the machines are offline). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Git-ignored (artifacts/), kept after the run so a reviewer can look at every page. */
export const SCREENSHOT_DIR = join(__dirname, '..', '..', 'artifacts', 'screenshots');

export type PortalBrowser = {
  baseUrl: string;
  admin: { email: string; password: string };
  page: Page;
  /** Messages of every dialog (alert/confirm/prompt) the pages opened, in order. */
  dialogs: string[];
  /** Saves a full-page screenshot of the current page as artifacts/screenshots/<name>.png. */
  screenshot(name: string): Promise<void>;
  /** Console errors, uncaught page errors and CSP violations since the last call. */
  drainProblems(): string[];
  close(): Promise<void>;
};

/**
 * Reports CSP violations to the test. Init scripts are injected by the browser itself, so the
 * page's `default-src 'self'` does not block this one; a violation in the page means an inline
 * script, handler or style slipped in.
 */
const CSP_LISTENER = `document.addEventListener('securitypolicyviolation', function (e) {
  window.__reportCspViolation(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') +
    ' at ' + e.sourceFile + ':' + e.lineNumber);
});`;

/** Fails with an instruction instead of skipping: a missing browser must not pass CI. */
function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: the portal browser tests need Debian's chromium. ` +
        'Install it with `apt-get install -y chromium` (.ci/run does this when it is missing).',
    );
  }
}

/**
 * The real app on a fresh SQLite database with one tenant and its admin portal user, and a
 * headless Chromium page (one browser context, so the session cookie carries over).
 */
export async function startPortalBrowser(): Promise<PortalBrowser> {
  requireChromium();
  // Fresh each run, so no screenshot from an earlier run passes for a page of this one.
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const admin = { email: 'admin@example.com', password: 'browser test password' };
  let db: TestDatabase | undefined;
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  try {
    db = await createTestDatabase('sqlite');
    app = await createTestApp({ env: db.env });
    const database = app.app.get(Database);
    const tenantId = (await new TenantRepository(database).create('Browser Co')).id;
    await new PortalUserService(database).create({ tenantId, role: 'admin', ...admin });

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking'],
    });
    const { port } = app.http.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    const { page, problems, dialogs } = await openWatchedPage(browser, baseUrl);

    const opened = { db, app, browser };
    return {
      baseUrl,
      admin,
      page,
      dialogs,
      screenshot: async (name) => {
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
      },
      drainProblems: () => problems.splice(0),
      close: () => closeAll(opened),
    };
  } catch (error) {
    await closeAll({ db, app, browser });
    throw error;
  }
}

/**
 * A page whose console errors, uncaught errors and CSP violations are collected in `problems`
 * and whose dialogs are recorded in `dialogs`.
 */
async function openWatchedPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ page: Page; problems: string[]; dialogs: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const problems: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, report: string) => {
    problems.push(`CSP violation: ${report}`);
  });
  await context.addInitScript({ content: CSP_LISTENER });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push(`console error at ${message.location().url}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Accepted, so a confirm() in front of a form still lets the form submit; recorded, so the
  // XSS check can prove that no payload opened one.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  return { page, problems, dialogs };
}

async function closeAll(opened: {
  db?: TestDatabase;
  app?: TestApp;
  browser?: Browser;
}): Promise<void> {
  await opened.browser?.close();
  await opened.app?.close();
  await opened.db?.drop();
}

/** Opens a portal page; a page that is missing or failing stops the step right here. */
export async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  const status = response?.status();
  if (status !== 200) throw new Error(`GET ${path} answered ${status ?? 'nothing'}, not 200`);
}

/**
 * Clicks a control that submits a form and waits until the page the server answered with
 * (a re-render or the target of a 303) has loaded. The listener is set before the click, so
 * the old page's load can never satisfy it.
 */
export async function submitWith(page: Page, control: Locator): Promise<void> {
  await Promise.all([page.waitForEvent('load'), control.click()]);
}

/** Sets a form field whether the page renders it as a select or as a text input. */
export async function setField(field: Locator, value: string): Promise<void> {
  const tag = await field.evaluate((element) => element.tagName.toLowerCase());
  if (tag === 'select') await field.selectOption(value);
  else await field.fill(value);
}
