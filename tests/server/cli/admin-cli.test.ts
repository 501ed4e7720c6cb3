import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { startTestServer, type TestServer } from '../../support/test-server';
import { runCli } from '../../support/run-cli';

/**
 * `npm run admin -- grant|revoke <email>` (that is, `tsx src/server/cli/admin.ts`) run as a real
 * process against the server's data folder (PGlite) or database (PostgreSQL). PGlite allows one
 * process per data folder, so the server is stopped while the tool runs.
 */

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';
const CAROL = { name: 'Carol Colleague', email: 'carol@example.com', password: 'carol-password' };
const DAVE = { name: 'Dave Departed', email: 'dave@example.com', password: 'dave-password' };

let dataDir: string;
let cwd: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let server: TestServer | undefined;
let daveOldToken: string;

/** What `npm run admin` runs, from a scratch folder so that no developer's .env is read. */
const runAdmin = (args: string[]) =>
  runCli('admin', args, {
    cwd,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'silent' },
  });

const start = () => startTestServer({}, { dataDir, databaseUrl });
async function stop() {
  await server?.stop();
  server = undefined;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-cli-data-'));
  cwd = mkdtempSync(path.join(os.tmpdir(), 'careers-cli-cwd-'));
  const base = testDatabaseUrl();
  if (base) {
    const scratch = await createScratchDatabase(base);
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  server = await start();
  for (const user of [CAROL, DAVE]) {
    const registered = await server.api('POST', '/register', { body: user });
    expect(registered.status).toBe(201);
  }
  // Dave starts as an administrator (and holds a token), Carol as an ordinary account.
  await server.context.users.setAdmin(DAVE.email, true);
  const daveLogin = await server.api('POST', '/login', {
    body: { email: DAVE.email, password: DAVE.password },
  });
  expect(daveLogin.status).toBe(200);
  daveOldToken = daveLogin.body.token;
  const carolLogin = await server.api('POST', '/login', {
    body: { email: CAROL.email, password: CAROL.password },
  });
  expect(carolLogin).toMatchObject({ status: 403, body: { message: messages.notAdmin } });
  await stop();
}, 120_000);

afterAll(async () => {
  await stop();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(cwd, { recursive: true, force: true });
});

describe('npm run admin -- grant|revoke <email>', () => {
  it('refuses bad usage with exit code 2 and the usage message, touching nothing', async () => {
    const runs = await Promise.all([runAdmin([]), runAdmin(['revoke']), runAdmin(['promote', CAROL.email])]);
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(USAGE);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);

  it('grants and revokes registered accounts (e-mail in any case), exiting 0 with a confirmation', async () => {
    const grant = await runAdmin(['grant', 'Carol@Example.COM']);
    expect(grant.stderr).toBe('');
    expect(grant.code).toBe(0);
    expect(grant.stdout).toContain('is now an administrator.');

    const revoke = await runAdmin(['revoke', DAVE.email]);
    expect(revoke.code).toBe(0);
    expect(revoke.stdout).toContain(`${DAVE.email} is no longer an administrator.`);
  }, 90_000);

  it('refuses an e-mail with no account: exit code 1 and a message saying so', async () => {
    const run = await runAdmin(['grant', 'nobody@example.com']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No account is registered with nobody@example.com');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('after the tool ran, the granted account can log in and use admin calls; the revoked one gets 403, old token too', async () => {
    server = await start();

    const carol = await server.api('POST', '/login', {
      body: { email: CAROL.email, password: CAROL.password },
    });
    expect(carol.status).toBe(200);
    expect(carol.body).toEqual({ token: expect.any(String) });
    const list = await server.api('GET', '/applications', { token: carol.body.token });
    expect(list.status).toBe(200);
    const check = await server.api('GET', `/admin/${CAROL.email}`, { token: carol.body.token });
    expect(check.body).toEqual({ admin: true });

    const dave = await server.api('POST', '/login', { body: { email: DAVE.email, password: DAVE.password } });
    expect(dave.status).toBe(403);
    expect(dave.body).toEqual({ message: messages.notAdmin });
    const old = await server.api('GET', '/applications', { token: daveOldToken });
    expect(old.status).toBe(403);
    expect(old.body).toEqual({ message: messages.adminRequired });

    // The tool did not create accounts.
    expect(await server.context.users.findByEmail('nobody@example.com')).toBeUndefined();
    await stop();
  }, 120_000);
});
