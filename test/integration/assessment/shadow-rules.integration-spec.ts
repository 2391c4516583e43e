import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { projectRoot } from '../../../src/engine/rules-api';
import { Metrics } from '../../../src/observability/metrics';
import { makeEvent, newConversationId } from '../../factories/event.factory';
import { createTenant, type TestTenant } from '../../factories/tenant.factory';
import { createTestApp, type TestApp } from '../../utils/test-app';
import {
  createTestDatabase,
  type DatabaseKind,
  type TestDatabase,
} from '../../utils/test-database';

const ASSESS = '/v1/conversation-analytics/assess';
const MARKER = 'zebra umbrella protocol';

// A shadow rule on a phrase no shipped rule knows, added to a temp copy of the shipped packs.
const SHADOW_PACK = `id: jailbreak.zz-shadow-probe
version: 0.1.0
category: jailbreak
languages: [en]
description: A shadow rule for the shadow-findings test.
rules:
  - id: jailbreak.instruction_override.shadow-probe
    subcategory: instruction_override
    description: Watches a made-up phrase before it could go live.
    score: 0.9
    reason: The made-up probe phrase
    status: shadow
    match:
      phrases: ['${MARKER}']
    tests:
      match: ['start the ${MARKER} now']
      no_match: ['a zebra with an umbrella']
`;

/**
 * SPEC 9 shadow rules: a \`status: shadow\` rule runs on live traffic, its hit is stored with the
 * assessment (and counted in /metrics), but the answer and the conversation state are exactly
 * what they would be without it.
 */
describe.each<DatabaseKind>(['sqlite', 'postgres'])('shadow rules on %s', (kind) => {
  let db: TestDatabase;
  let t: TestApp;
  let tenant: TestTenant;
  let rulesDir: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    rulesDir = mkdtempSync(join(tmpdir(), 'shadow-rules-'));
    cpSync(join(projectRoot(), 'rules'), rulesDir, { recursive: true });
    writeFileSync(join(rulesDir, 'jailbreak', 'zz-shadow-probe.yaml'), SHADOW_PACK);
    t = await createTestApp({ env: db.env, rulesDir });
    tenant = await createTenant(t.app);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
    rmSync(rulesDir, { recursive: true, force: true });
  });

  const assess = (conversationId: string, text: string) =>
    request(t.http)
      .post(ASSESS)
      .set('Authorization', `Bearer ${tenant.key}`)
      .send({ event: makeEvent({ conversationId, text }) })
      .expect(200);

  /** The first stored turn of a conversation, as the conversation API returns it. */
  const firstStoredTurn = async (conversationId: string) => {
    const stored = await request(t.http)
      .get(`/v1/conversation-analytics/conversations/${conversationId}`)
      .set('Authorization', `Bearer ${tenant.key}`)
      .expect(200);
    return (stored.body as { assessments: Array<{ shadowFindings: unknown[] }> }).assessments[0];
  };

  it('stores the hit without changing the answer or the state', async () => {
    const conversationId = newConversationId();
    const answer = (await assess(conversationId, `let's start the ${MARKER} tonight`)).body as {
      severity: string;
      categories: Record<string, { level: string }>;
      reasons: Array<{ code: string }>;
      conversation: { severity: string; categories: Record<string, number> };
    };
    expect(answer.severity).toBe('none');
    expect(answer.categories.jailbreak.level).toBe('none');
    expect(answer.reasons.map((reason) => reason.code)).not.toContain(
      'jailbreak.instruction_override.shadow-probe',
    );
    expect(answer.conversation).toMatchObject({ severity: 'none' });
    expect(answer.conversation.categories.jailbreak).toBe(0);

    const turn = await firstStoredTurn(conversationId);
    expect(turn.shadowFindings).toEqual([
      expect.objectContaining({
        code: 'jailbreak.instruction_override.shadow-probe',
        category: 'jailbreak',
        subcategory: 'instruction_override',
        score: 0.9,
        spans: [expect.objectContaining({ start: expect.any(Number), end: expect.any(Number) })],
      }),
    ]);

    const metrics = await t.app
      .get(Metrics)
      .registry.getSingleMetricAsString('shadow_rule_hits_total');
    expect(metrics).toMatch(
      /shadow_rule_hits_total\{rule="jailbreak\.instruction_override\.shadow-probe"\} [1-9]/,
    );
  });

  it('stores an empty list when no shadow rule fired', async () => {
    const conversationId = newConversationId();
    await assess(conversationId, 'what a lovely evening for a walk');
    const turn = await firstStoredTurn(conversationId);
    expect(turn.shadowFindings).toEqual([]);
  });
});
