import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equalityMonitoring } from '../../../src/server/db/schema';
import { purgeExpiredApplications } from '../../../src/server/privacy/retention';
import { resolveMonitoringKey } from '../../../src/server/equality-monitoring/monitoring-key';
import { messages } from '../../../src/shared/messages';
import type { FunnelReport } from '../../../src/shared/equality-monitoring/equality-monitoring-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { testDatabaseUrl } from '../../support/postgres';
import { sampleJob } from '../../support/test-server';

/**
 * Equality monitoring is kept so that no one reading the database, an administrator with every
 * table open to them included, can join a return to an application or a person
 * (docs/security.md#equality-monitoring); it follows the application's stage, goes with it, and
 * is reported only as a funnel in which groups under five are suppressed.
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
// PostgreSQL has no data folder to keep a key in: there, the operator sets one.
const env: Record<string, string> = testDatabaseUrl()
  ? { MONITORING_SECRET: randomBytes(32).toString('hex') }
  : {};

const SUPPRESSION_MONTH = '2099-01-01';

let server: TestApp;
let admin: string;
let cv: string;
let counter = 0;

interface Applied {
  id: string;
  email: string;
  name: string;
  phone: string;
  token: string;
}

const newJob = async (title: string) => {
  const job = await server.api('POST', '/post', { token: admin, body: sampleJob({ jobTitle: title }) });
  expect(job.status).toBe(201);
  return job.body.insertedId as string;
};

async function apply(jobId: string): Promise<Applied> {
  counter++;
  const person = {
    name: `Monitored Person${counter}`,
    email: `monitored.${counter}@example.com`,
    phone: `07700 9001${String(counter).padStart(2, '0')}`,
  };
  const answer = await server.api('POST', '/applications', {
    body: { ...person, about: `Cover letter ${counter}.`, jobId, pdfFile: cv },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.monitoringToken).toEqual(expect.any(String));
  return { ...person, id: answer.body.insertedId, token: answer.body.monitoringToken };
}

const send = (applied: Pick<Applied, 'id' | 'token'>, answers: Record<string, string>) =>
  server.api('POST', '/equality-monitoring', {
    body: { applicationId: applied.id, token: applied.token, answers },
  });

async function applyAndReturn(jobId: string, answers: Record<string, string>): Promise<Applied> {
  const applied = await apply(jobId);
  const sent = await send(applied, answers);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return applied;
}

const funnel = async (jobId?: string): Promise<FunnelReport> => {
  const answer = await server.api('GET', `/equality-monitoring/funnel${jobId ? `?jobId=${jobId}` : ''}`, {
    token: admin,
  });
  expect(answer.status).toBe(200);
  return answer.body as FunnelReport;
};
const group = (report: FunnelReport, key: string, value: string) =>
  report.questions.find((question) => question.key === key)!.groups.find((item) => item.value === value)!
    .counts;

/** Every table of the database, every row, as an attacker with full read access sees it. */
async function readEverything(): Promise<Record<string, Array<Record<string, unknown>>>> {
  const { db } = server.context.database;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const all: Record<string, Array<Record<string, unknown>>> = {};
  for (const { table_name: table } of tables.rows) {
    const rows = (await db.execute(sql`select * from ${sql.identifier(table)}`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    all[table] = rows.rows;
  }
  return all;
}

const text = (value: unknown) =>
  value instanceof Uint8Array
    ? Buffer.from(value).toString('latin1')
    : value instanceof Date
      ? value.toISOString()
      : String(value);

beforeAll(async () => {
  server = await buildTestApp(env);
  admin = await server.adminToken();
  cv = toDataUrl(await validPdf('Monitoring CV'));
  // The server's first application starts its CV-checking thread and loads what only an
  // application needs: set-up, which on a busy machine took most of the first test's time.
  await apply(await newJob('First application'));
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe(`equality monitoring on ${engine}`, () => {
  it('cannot be joined back to an application or a person by someone who reads the whole database', async () => {
    const jobId = await newJob('Underwriter');
    const people = [
      await applyAndReturn(jobId, { sex: 'female', ethnicGroup: 'asian', disability: 'yes' }),
      await applyAndReturn(jobId, { sex: 'male', religion: 'prefer-not-to-say' }),
      await applyAndReturn(jobId, { ageBand: '25-34' }),
    ];
    await server.api('PUT', `/applications/${people[0]!.id}/stage`, {
      token: admin,
      body: { stage: 'shortlisted' },
    });

    const everything = await readEverything();
    const monitoring = everything.equality_monitoring!;
    expect(monitoring.length).toBeGreaterThanOrEqual(3);

    // Its columns: a random id, the keyed link, the job, the stage, a month, the answers. No time of day.
    expect(Object.keys(monitoring[0]!).sort()).toEqual(
      [
        'id',
        'link',
        'job_id',
        'stage_reached',
        'retain_until',
        'age_band',
        'sex',
        'gender_identity',
        'ethnic_group',
        'disability',
        'religion',
        'sexual_orientation',
      ].sort(),
    );
    const columnTypes = (await server.context.database.db.execute(
      sql`select column_name, data_type from information_schema.columns where table_name = 'equality_monitoring'`,
    )) as unknown as { rows: Array<{ column_name: string; data_type: string }> };
    expect(columnTypes.rows.filter((column) => /time/.test(column.data_type))).toEqual([]);
    for (const row of monitoring) expect(String(row.retain_until)).toMatch(/-01$|01T/);

    // Nothing of the people in any monitoring row...
    const monitoringText = JSON.stringify(monitoring);
    for (const person of people) {
      for (const value of [person.id, person.email, person.name, person.phone, person.token])
        expect(monitoringText).not.toContain(value);
    }
    // ...and nothing of a monitoring row (its id, its link) anywhere else.
    const rowKeys = monitoring.flatMap((row) => [text(row.id), text(row.link)]);
    for (const [table, rows] of Object.entries(everything)) {
      if (table === 'equality_monitoring') continue;
      const cells = rows.flatMap((row) => Object.values(row).map(text));
      for (const key of rowKeys)
        expect(
          cells.some((cell) => cell.includes(key)),
          `${table} holds ${key}`,
        ).toBe(false);
    }

    // The attacker knows the code: tries every secret the database holds as the link's key, and
    // plain digests, against every application id. None gives a link.
    const links = new Set(monitoring.map((row) => text(row.link)));
    const ids = (everything.applications ?? []).map((row) => text(row.id));
    const secrets = Object.values(everything)
      .flat()
      .flatMap((row) => Object.values(row).map(text))
      .filter((cell) => cell.length >= 16);
    const candidates = (key: Buffer, id: string) => [
      createHmac('sha256', key).update(`link\0${id}`).digest('base64url'),
      createHmac('sha256', Buffer.from(hkdfSync('sha256', key, '', 'equality monitoring links', 32)))
        .update(`link\0${id}`)
        .digest('base64url'),
      createHmac('sha256', key).update(id).digest('base64url'),
      createHmac('sha256', key).update(id).digest('hex'),
    ];
    let tries = 0;
    for (const id of ids) {
      for (const secret of [...secrets, '']) {
        for (const guess of candidates(Buffer.from(secret), id)) {
          tries++;
          expect(links.has(guess)).toBe(false);
        }
      }
    }
    expect(tries).toBeGreaterThan(100);

    if (!testDatabaseUrl()) {
      // With PGlite the key is a file of the data folder, for the server's user alone.
      const keyFile = path.join(server.dataDir, 'equality-monitoring.key');
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const key = readFileSync(keyFile, 'utf8').trim();
      expect(JSON.stringify(everything)).not.toContain(key);
      // The control: with the key, the server's own computation finds each person's row.
      const derived = Buffer.from(hkdfSync('sha256', Buffer.from(key), '', 'equality monitoring links', 32));
      for (const person of people)
        expect(
          links.has(createHmac('sha256', derived).update(`link\0${person.id}`).digest('base64url')),
        ).toBe(true);
    }
  });

  it('takes a return once, with the token its application came with, and checks every answer', async () => {
    const jobId = await newJob('Claims Handler');
    const applied = await apply(jobId);
    const other = await apply(jobId);

    const forged = await send({ id: applied.id, token: other.token }, { sex: 'female' });
    expect(forged.status).toBe(404);
    expect(forged.body).toEqual({ message: messages.monitoringRefused });
    const badAnswer = await send(applied, { sex: 'sometimes' });
    expect(badAnswer.status).toBe(400);
    expect(badAnswer.body.message).toBe(
      'Choose one of the answers offered for "What is your sex?", or leave it out.',
    );
    const unknownQuestion = await send(applied, { shoeSize: '9' });
    expect(unknownQuestion.status).toBe(400);

    expect((await send(applied, {})).status).toBe(201);
    const again = await send(applied, { sex: 'male' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: messages.monitoringAlreadySent });
    const report = await funnel(jobId);
    // One return, under five: suppressed.
    expect(report.total.applied).toBeNull();
  });

  it('suppresses every group under five, and the next smallest where one alone would be given away', async () => {
    const jobId = await newJob('Data Analyst');
    const month = SUPPRESSION_MONTH;
    const rows = (answers: Record<string, string>, n: number, stageReached = 'applied') =>
      Array.from({ length: n }, () => ({
        link: randomBytes(16).toString('hex'),
        jobId,
        stageReached: stageReached as 'applied',
        retainUntil: month,
        ...answers,
      }));
    await server.context.database.db
      .insert(equalityMonitoring)
      .values([
        ...rows({ sex: 'female', disability: 'no' }, 6, 'shortlisted'),
        ...rows({ sex: 'male', disability: 'yes' }, 5),
        ...rows({ sex: 'prefer-not-to-say', disability: 'prefer-not-to-say' }, 5),
        ...rows({ disability: 'no' }, 4),
      ]);
    const report = await funnel(jobId);
    expect(report.total).toMatchObject({ applied: 20, shortlisted: 6, interviewed: null });

    // Sex: not answered is 4 (suppressed) and the only small group, so the next smallest goes too.
    expect(group(report, 'sex', 'female')).toMatchObject({ applied: 6, shortlisted: 6 });
    expect(group(report, 'sex', '')).toMatchObject({ applied: null });
    expect(
      [group(report, 'sex', 'male').applied, group(report, 'sex', 'prefer-not-to-say').applied].filter(
        (n) => n === null,
      ),
    ).toHaveLength(1);
    // Disability: no is 10, yes and prefer-not-to-say 5, not answered 0: a lone empty group gives
    // nobody away, so the others are shown as they are.
    expect(group(report, 'disability', 'no')).toMatchObject({ applied: 10, shortlisted: 6 });
    expect(group(report, 'disability', 'yes')).toMatchObject({ applied: 5, shortlisted: null });
    expect(group(report, 'disability', '').applied).toBeNull();
    // Nothing under five is ever shown, in any question or stage.
    for (const question of report.questions)
      for (const item of question.groups)
        for (const n of Object.values(item.counts)) if (n !== null) expect(n).toBeGreaterThanOrEqual(5);
    // The overall report counts every job.
    expect((await funnel()).total.applied).toBeGreaterThanOrEqual(20);
  });

  it('follows the stage reached, keeps it after a rejection, and goes with the application', async () => {
    const jobId = await newJob('Field Surveyor');
    const people: Applied[] = [];
    for (let i = 0; i < 5; i++) people.push(await applyAndReturn(jobId, { sex: 'female' }));
    const ids = people.map((person) => person.id);

    for (const stage of ['shortlisted', 'interview']) {
      const moved = await server.api('POST', '/applications/stage', { token: admin, body: { ids, stage } });
      expect(moved.status).toBe(200);
    }
    await server.api('PUT', `/applications/${ids[0]}/stage`, { token: admin, body: { stage: 'rejected' } });
    await server.api('PUT', `/applications/${ids[1]}/stage`, { token: admin, body: { stage: 'offer' } });
    let report = await funnel(jobId);
    expect(report.total).toEqual({ applied: 5, shortlisted: 5, interviewed: 5, offered: null, hired: null });
    expect(group(report, 'sex', 'female')).toMatchObject({ applied: 5, interviewed: 5 });

    // Deleted, erased, purged: each return goes with its application.
    expect((await server.api('DELETE', `/applications/${ids[2]}`, { token: admin })).status).toBe(200);
    const erased = await server.api('DELETE', `/applicants/${encodeURIComponent(people[3]!.email)}`, {
      token: admin,
    });
    expect(erased.status).toBe(200);
    report = await funnel(jobId);
    expect(report.total.applied).toBeNull();
    const left = await server.context.database.db
      .select()
      .from(equalityMonitoring)
      .where(sql`${equalityMonitoring.jobId} = ${jobId}`);
    expect(left).toHaveLength(3);
  });

  it('is deleted on the retention clock, with its application or, failing that, after its month', async () => {
    const jobId = await newJob('Retention Role');
    await applyAndReturn(jobId, { sex: 'male' });
    // A return whose application can no longer be followed (say, the key was lost).
    await server.context.database.db.insert(equalityMonitoring).values({
      link: 'orphan',
      jobId,
      stageReached: 'applied',
      retainUntil: '2000-01-01',
    });
    const before = await server.context.database.db.select().from(equalityMonitoring);
    expect(before.length).toBeGreaterThan(1);
    const soon = new Date(Date.now() + 60_000);
    await purgeExpiredApplications(server.context, server.context.config.retentionDays, { now: soon });
    const afterNow = await server.context.database.db.select().from(equalityMonitoring);
    expect(afterNow.map((row) => row.link)).not.toContain('orphan');
    expect(afterNow.length).toBe(before.length - 1);

    const later = new Date(Date.now() + (server.context.config.retentionDays + 1) * 86_400_000);
    const { deleted } = await purgeExpiredApplications(server.context, server.context.config.retentionDays, {
      now: later,
    });
    expect(deleted).toBeGreaterThan(0);
    // Only the returns stored straight into the table by the suppression test, far in the future, are left.
    const left = await server.context.database.db.select().from(equalityMonitoring);
    expect(left.filter((row) => row.retainUntil !== SUPPRESSION_MONTH)).toEqual([]);
  });

  it('keeps one key outside the database: the same after a restart, none for PostgreSQL without MONITORING_SECRET', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'monitoring-key-'));
    try {
      const first = await resolveMonitoringKey({
        monitoringSecret: undefined,
        databaseUrl: undefined,
        dataDir,
      });
      const again = await resolveMonitoringKey({
        monitoringSecret: undefined,
        databaseUrl: undefined,
        dataDir,
      });
      expect(first).toBeDefined();
      expect(again!.equals(first!)).toBe(true);
      // The file's secret, given as MONITORING_SECRET (a move to PostgreSQL), is the same key.
      const moved = await resolveMonitoringKey({
        monitoringSecret: readFileSync(path.join(dataDir, 'equality-monitoring.key'), 'utf8'),
        databaseUrl: 'postgres://db.example/careers',
        dataDir: '/nonexistent',
      });
      expect(moved!.equals(first!)).toBe(true);
      const off = await resolveMonitoringKey({
        monitoringSecret: undefined,
        databaseUrl: 'postgres://db.example/careers',
        dataDir,
      });
      expect(off).toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
