import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { startTestServer, type TestServer } from '../../support/test-server';
import { runCli } from '../../support/run-cli';
import { STRONG_PASSWORD, enrolTwoFactor } from '../../support/accounts';

/**
 * `npm run admin -- grant|revoke|reset-2fa <email>` (that is, `tsx src/server/root/cli/admin.ts`) run as a real
 * process against the server's data folder (PGlite) or database (PostgreSQL). PGlite allows one
 * process per data folder, so the server is stopped while the tool runs.
 */

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | reset-2fa <email>';
const CAROL = { name: 'Carol Colleague', email: 'carol@example.com', password: 'carol-password' };
const DAVE = { name: 'Dave Departed', email: 'dave@example.com', password: 'dave-password' };
/** An administrator who lost the phone with her authenticator app on it. */
const ERIN = { name: 'Erin Enrolled', email: 'erin@example.com', password: STRONG_PASSWORD };

let dataDir: string;
let cwd: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let server: TestServer | undefined;
let daveOldToken: string;
let erinOldToken: string;

/** What `npm run admin` runs, from a scratch folder so that no developer's .env is read. */
const runAdmin = (args: string[], via?: 'tsx') =>
  runCli('admin', args, {
    cwd,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'silent' },
    via,
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
  for (const user of [CAROL, DAVE, ERIN]) {
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
  await server.context.users.setAdmin(ERIN.email, true);
  const erinLogin = await server.api('POST', '/login', {
    body: { email: ERIN.email, password: ERIN.password },
  });
  erinOldToken = erinLogin.body.token;
  await enrolTwoFactor(server, erinOldToken, ERIN.password);
  const challenged = await server.api('POST', '/login', {
    body: { email: ERIN.email, password: ERIN.password },
  });
  expect(challenged.body.twoFactorRequired).toBe(true);
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
    const runs = await Promise.all([
      // As `npm run admin` starts it, through tsx; the other runs start the build's bundle.
      runAdmin([], 'tsx'),
      runAdmin(['revoke']),
      runAdmin(['reset-2fa']),
      runAdmin(['promote', CAROL.email]),
    ]);
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

  it('reset-2fa removes the second factor of a lost phone, with a clear confirmation', async () => {
    const run = await runAdmin(['reset-2fa', 'Erin@Example.com']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Two-step verification has been removed from ${ERIN.email}`);
    expect(run.stdout).toContain('signed out on every device');

    // Once more: there is nothing left to remove, and it says so.
    const again = await runAdmin(['reset-2fa', ERIN.email]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      `${ERIN.email} does not have two-step verification on. Nothing was changed.`,
    );
  }, 90_000);

  it('reset-2fa refuses an e-mail with no account: exit code 1 and a message saying so', async () => {
    const run = await runAdmin(['reset-2fa', 'nobody@example.com']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No account is registered with nobody@example.com');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('after reset-2fa, the password alone logs in again, old sessions are refused, and the account shows why', async () => {
    server = await start();
    const old = await server.api('GET', '/applications', { token: erinOldToken });
    expect(old).toMatchObject({ status: 401, body: { message: messages.sessionRevoked } });
    const login = await server.api('POST', '/login', {
      body: { email: ERIN.email, password: ERIN.password },
    });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['token']);
    const account = await server.api('GET', '/auth/account', { token: login.body.token });
    expect(account.body).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
    expect(account.body.events[0]).toMatchObject({ kind: 'two-factor-reset-by-cli', ip: null });
    await stop();
  }, 120_000);

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
    expect(check.body).toEqual({ admin: true, role: 'admin' });

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
