import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The machine's PostgreSQL (trust auth); override with TEST_POSTGRES_URL. */
const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDatabase = {
  kind: DatabaseKind;
  /** Environment that points the app at this database (DATABASE_URL or SQLITE_PATH). */
  env: Record<string, string>;
  drop(): Promise<void>;
};

const withAdmin = async (work: (client: Client) => Promise<void>) => {
  const client = new Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
};

/**
 * A fresh, empty database per suite so parallel suites never collide: a temp SQLite file,
 * or a new PostgreSQL database `ca_<random>` dropped afterwards. Migrations run on open.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'ca-test-'));
    return {
      kind,
      env: { SQLITE_PATH: join(dir, 'test.sqlite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `ca_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`).then(() => undefined));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString(), MIGRATE_ON_START: 'true' },
    drop: () =>
      withAdmin((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
      ),
  };
}
