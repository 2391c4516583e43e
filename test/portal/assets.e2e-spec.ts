import request from 'supertest';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createTestDatabase, type TestDatabase } from '../utils/test-database';

describe('portal assets', () => {
  let db: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    t = await createTestApp({ env: db.env });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('serves chart.js from node_modules, not a CDN', async () => {
    const response = await request(t.http).get('/portal/assets/chart.umd.min.js').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.text).toContain('Chart');
  });

  it('serves the portal stylesheet and the timeline script', async () => {
    const css = await request(t.http).get('/portal/assets/portal.css').expect(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const js = await request(t.http).get('/portal/assets/timeline-chart.js').expect(200);
    expect(js.text).toContain('timeline-data');
  });

  it('serves the favicon the page frame links, so browsers do not log a 404 on every page', async () => {
    const icon = await request(t.http).get('/portal/assets/favicon.svg').expect(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it.each(['..%2Fportal.module.ts', '..%2F..%2F..%2Fpackage.json', 'unknown.js', 'Portal.CSS'])(
    'answers 404 for %s',
    async (name) => {
      await request(t.http).get(`/portal/assets/${name}`).expect(404);
    },
  );
});
