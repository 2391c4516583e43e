import type { INestApplication } from '@nestjs/common';
import { ApiKeyService } from './auth/api-key.service';
import { Database } from './persistence/database';
import { TenantRepository } from './persistence/repositories/tenant.repository';
import { ensureFirstAdmin } from './portal/users/first-admin';

/**
 * On an empty database: create a tenant and a test key, and return the one-time notice
 * (key and curl line). The key is shown here only; it is never logged.
 */
export async function firstRunNotice(app: INestApplication, port: number): Promise<string | null> {
  const keyNotice = await firstKeyNotice(app, port);
  // After the tenant exists: the first portal admin (also on databases made before the portal).
  const admin = await ensureFirstAdmin(app.get(Database), port);
  const notices = [keyNotice, admin?.notice].filter((notice): notice is string => !!notice);
  return notices.length > 0 ? notices.join('\n') : null;
}

async function firstKeyNotice(app: INestApplication, port: number): Promise<string | null> {
  const tenants = app.get(TenantRepository);
  if ((await tenants.count()) > 0) return null;
  const tenant = await tenants.create('default');
  const { plaintext } = await app.get(ApiKeyService).create({
    tenantId: tenant.id,
    mode: 'test',
    scopes: ['assess', 'read', 'admin'],
    name: 'first-run test key',
  });
  const body = JSON.stringify({
    event: {
      eventId: 'evt_demo_1',
      conversationId: 'conv_demo',
      text: 'Hi! How was your day?',
      speakerType: 'user',
    },
  });
  return [
    '',
    'Conversation Analytics is ready. A tenant and a test API key were created:',
    '',
    `  ${plaintext}`,
    '',
    'This key is shown only once. Try it:',
    '',
    `  curl -s http://localhost:${port}/v1/conversation-analytics/assess \\`,
    `    -H 'Authorization: Bearer ${plaintext}' \\`,
    `    -H 'Content-Type: application/json' \\`,
    `    -H "Idempotency-Key: $(uuidgen 2>/dev/null || date +%s%N)" \\`,
    `    -d '${body}'`,
    '',
  ].join('\n');
}
