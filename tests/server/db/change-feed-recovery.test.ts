import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECONNECT_MAX_MS } from '../../../src/server/db/change-feed';
import { testDatabaseUrl } from '../../support/postgres';
import { postgresBinDir, startPrivateCluster, type PrivateCluster } from '../../support/private-postgres';
import { spawnServer, type ServerProcess } from '../../support/server-process';
import { ADMIN, sampleJob } from '../../support/test-server';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';

/**
 * Two server processes on one PostgreSQL hear each other's changes again after the database
 * restarts, after it was down for seconds, and after an administrator ended every connection:
 * neither process ends, each keeps exactly one listening connection, and a job created on one
 * shows on the other's list and home page within two seconds. The database here is a cluster
 * of the test's own (restarting the shared one would break the tests running beside it), so
 * this runs once, in the PostgreSQL run of the suite.
 */

const inPostgresRun = Boolean(testDatabaseUrl());
const binDir = inPostgresRun ? postgresBinDir() : undefined;
if (inPostgresRun && !binDir) {
  const message =
    'The change-feed recovery test needs the PostgreSQL server programs (initdb, pg_ctl); none found (set PG_BIN to their folder).';
  if (process.env.CI) throw new Error(message);
  console.warn(`${message} Skipped.`);
}

const DATABASE = 'careers';
const HEARD_WITHIN_MS = 2000;

let cluster: PrivateCluster;
let webDir: string;
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let token: string;

// Echoes the open jobs' titles into the prerendered home page.
const prerender = `export function prerender(url, data) {
  return { html: (data.jobs ?? []).map((job) => '<h3>' + job.jobTitle + '</h3>').join(''), styles: '' };
}`;

async function startInstance(): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-feed-'));
  dataDirs.push(dataDir);
  return spawnServer({
    DATABASE_URL: cluster.url(DATABASE),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
}

const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

async function jobIds(server: ServerProcess): Promise<string[]> {
  const response = await fetch(`${server.url}/api/all`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Array<{ _id: string }>).map((job) => job._id);
}

async function homePage(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/`);
  expect(response.status).toBe(200);
  return response.text();
}

/** How many connections LISTEN on the cluster's database: one per instance, never more. */
const listening = async () =>
  (
    await cluster.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'listen %'`,
      [DATABASE],
    )
  )[0]!.n;

async function expectOneListenerEach(count: number) {
  await expect.poll(listening, { timeout: 10_000, interval: 100 }).toBe(count);
  // Past the longest pause between tries, still the same: no second client opened beside the first.
  await new Promise((resolve) => setTimeout(resolve, RECONNECT_MAX_MS + 300));
  expect(await listening()).toBe(count);
}

/** Creates a job on `from` and expects `to`, which has its list cached, to show it within 2 s. */
async function expectHeard(from: ServerProcess, to: ServerProcess, after: string) {
  // `to` serves its list from its cache from here on, until a change notice (or a reconnect) drops it.
  const before = await jobIds(to);
  await homePage(to);
  const title = `Made after ${after}`;
  const created = await fetch(`${from.url}/api/post`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(sampleJob({ jobTitle: title })),
  });
  expect(created.status).toBe(201);
  const { insertedId } = (await created.json()) as { insertedId: string };
  expect(before).not.toContain(insertedId);
  await expect
    .poll(async () => (await jobIds(to)).includes(insertedId) && (await homePage(to)).includes(title), {
      timeout: HEARD_WITHIN_MS,
      interval: 50,
    })
    .toBe(true);
  expect(alive(a), a.output()).toBe(true);
  expect(alive(b), b.output()).toBe(true);
}

describe.skipIf(!binDir)(
  'the change feed after PostgreSQL faults (a private cluster; PostgreSQL run)',
  () => {
    beforeAll(async () => {
      cluster = startPrivateCluster(binDir!);
      await cluster.query(`create database ${DATABASE}`);
      webDir = fakeWebBuild({ prerender });
      [a, b] = await Promise.all([startInstance(), startInstance()]);
      const login = await fetch(`${a.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      expect(login.status).toBe(200);
      token = ((await login.json()) as { token: string }).token;
    }, 120_000);

    afterAll(async () => {
      await a?.kill();
      await b?.kill();
      cluster?.destroy();
      if (webDir) removeFakeWebBuild(webDir);
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('hears changes while all is well, one listening connection each', async () => {
      await expectHeard(a, b, 'the start');
      await expectOneListenerEach(2);
    }, 60_000);

    it('hears changes again after the database restarts', async () => {
      cluster.restart();
      await expectHeard(a, b, 'a restart');
      await expectOneListenerEach(2);
    }, 60_000);

    it('hears changes again after the database was down for 5 seconds', async () => {
      cluster.stop();
      await new Promise((resolve) => setTimeout(resolve, 5000));
      cluster.start();
      await expectHeard(b, a, 'an outage');
      await expectHeard(a, b, 'an outage, the other way');
      await expectOneListenerEach(2);
    }, 60_000);

    it('hears changes again after every connection was ended by an administrator', async () => {
      const ended = await cluster.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1',
        [DATABASE],
      );
      expect(ended.filter((row) => row.ended).length).toBeGreaterThanOrEqual(2);
      await expectHeard(a, b, 'the connections were ended');
      await expectOneListenerEach(2);
    }, 60_000);

    it('closes its listening connection on shutdown, also while the database is away', async () => {
      await a.stop();
      expect(await a.exited).toBe('exit code 0');
      await expectOneListenerEach(1);

      cluster.stop();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // Asked to stop while it keeps trying to listen again, it stops at once, cleanly.
      await b.stop();
      expect(await b.exited).toBe('exit code 0');
    }, 60_000);
  },
);
