import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFingerprint } from '../../src/server/db/pglite-seed';
import { projectRoot } from '../../src/server/runtime/project-root';

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

const TEMPLATE_PREFIX = 'careers_template_';

/** The migrated database the test servers' scratch databases are copied from, named by the migrations. */
const templateName = () => `${TEMPLATE_PREFIX}${migrationsFingerprint()}`;

const urlOf = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Makes, once per set of migrations, a database with every migration applied, for
 * `createScratchDatabase({ migrated: true })` to copy: migrating an empty database took about two
 * seconds of PostgreSQL's time at each test server's start, a copy a tenth of that. Built under a
 * name of its own and renamed once complete, so an interrupted build is never copied; templates of
 * other migrations are dropped. Run once by the server tests' global setup.
 */
export async function ensureTemplateDatabase(baseUrl: string): Promise<void> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const existing = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`,
    );
    for (const { datname } of existing.rows)
      if (datname !== name) await admin.query(`drop database if exists ${datname} with (force)`);
    if (existing.rows.some(({ datname }) => datname === name)) return;
    const building = `${name}_building`;
    await admin.query(`create database ${building}`);
    const pool = new pg.Pool({ connectionString: urlOf(baseUrl, building) });
    try {
      await migrate(drizzle(pool), { migrationsFolder: path.join(projectRoot(), 'drizzle') });
    } finally {
      await pool.end();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
  } finally {
    await admin.end();
  }
}

/**
 * A database of its own for one test server or test: empty, or (`migrated`) a copy of the
 * template `ensureTemplateDatabase` made, which the server's own migration then finds up to date.
 */
export async function createScratchDatabase(
  baseUrl: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `careers_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(
    migrated ? `create database ${name} template ${templateName()}` : `create database ${name}`,
  );
  await admin.end();
  const url = urlOf(baseUrl, name);
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
