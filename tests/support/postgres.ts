import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Server tests run on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set
 * (scripts/with-postgres.mjs sets it): each test file then gets a database of its own.
 */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/**
 * The signing secret of the tests' PostgreSQL servers: with DATABASE_URL the server needs
 * JWT_SECRET, the same on every instance, as an operator would set it
 * (docs/security.md#the-signing-secret).
 */
export const TEST_JWT_SECRET = 'test-signing-secret-for-postgresql-0123456789abcdef';

export async function createScratchDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `careers_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
