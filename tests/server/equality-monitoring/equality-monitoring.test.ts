import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equalityMonitoring, equalityReportChanges, equalityReports } from '../../../src/server/db/schema';
import { purgeExpiredApplications } from '../../../src/server/privacy/retention';
import { resolveMonitoringKey } from '../../../src/server/equality-monitoring/monitoring-key';
import { londonToday } from '../../../src/shared/format/calendar-date';
import { messages } from '../../../src/shared/messages';
import type { FunnelReport } from '../../../src/shared/equality-monitoring/equality-monitoring-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { testDatabaseUrl } from '../../support/postgres';
import { sampleJob } from '../../support/test-server';
import { A_REJECTION_REASON } from '../../support/hiring';

/**
 * Equality monitoring is kept so that no one reading the database, an administrator with every
 * table open to them included, can join a return to an application or a person
 * (docs/security.md#equality-monitoring); it follows the application's stage, goes with it, and
 * is reported only as a funnel of rounded figures taken once a day, from which no two answers can
 * be subtracted to single anyone out.
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
// PostgreSQL has no data folder to keep a key in: there, the operator sets one.
const env: Record<string, string> = testDatabaseUrl()
  ? { MONITORING_SECRET: randomBytes(32).toString('hex') }
  : {};

const SUPPRESSION_MONTH = '2099-01-01';

const DAY_MS = 86_400_000;
/** The server's clock: the figures go by the London day, and the tests move it on (from 09:00 UTC). */
let clock = new Date(new Date().setUTCHours(9, 0, 0, 0));
const nextDay = () => {
  clock = new Date(clock.getTime() + DAY_MS);
};
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

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

/**
 * The figures taken again tomorrow from the returns as they are, as on a new install: how a test
 * that is not about the daily figures sees what its returns add up to.
 */
async function takenAfresh(): Promise<void> {
  const { db } = server.context.database;
  await db.delete(equalityReports);
  await db.delete(equalityReportChanges);
  nextDay();
}

/** A test of its own figures: no returns of earlier tests, and none taken yet. */
async function startFromNothing(): Promise<void> {
  await server.context.database.db.delete(equalityMonitoring);
  await takenAfresh();
}

type MonitoringRow = typeof equalityMonitoring.$inferInsert;
/** `n` returns straight into the table, as if sent: the answers, the job, the stage reached. */
const returns = (jobId: string, n: number, answers: Partial<MonitoringRow>, stageReached = 'applied') =>
  Array.from({ length: n }, (): MonitoringRow => ({
    link: randomBytes(16).toString('hex'),
    jobId,
    stageReached: stageReached as MonitoringRow['stageReached'],
    retainUntil: SUPPRESSION_MONTH,
    ...answers,
  }));

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
  server = await buildTestApp(env, { now: () => clock });
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
    await takenAfresh();
    const report = await funnel(jobId);
    // One return, under five: suppressed.
    expect(report.total.applied).toBeNull();
  });

  it('withholds every count under five, rounds the rest to five, and shows a figure within four of the one it is part of as that one', async () => {
    await startFromNothing();
    const jobId = await newJob('Data Analyst');
    await server.context.database.db
      .insert(equalityMonitoring)
      .values([
        ...returns(jobId, 6, { sex: 'female', disability: 'no' }, 'shortlisted'),
        ...returns(jobId, 5, { sex: 'male', disability: 'yes' }),
        ...returns(jobId, 5, { sex: 'prefer-not-to-say', disability: 'prefer-not-to-say' }),
        ...returns(jobId, 2, { sex: 'female', disability: 'no' }, 'interviewed'),
        ...returns(jobId, 1, { sexualOrientation: 'bisexual', disability: 'no' }),
      ]);
    await takenAfresh();
    const report = await funnel(jobId);
    expect(report.asOf).toBe(londonToday(clock));
    // 19 applied: rounded to 20. 8 shortlisted (6 + 2): rounded to 10, 2 interviewed withheld.
    expect(report.total).toEqual({
      applied: 20,
      shortlisted: 10,
      interviewed: null,
      offered: null,
      hired: null,
    });
    // Female: 8 of 19 applied, rounded on its own; all 8 of them shortlisted, within four of the
    // applied figure, so shown as it (one minus the other gives 0, whoever stopped where).
    expect(group(report, 'sex', 'female')).toMatchObject({ applied: 10, shortlisted: 10, interviewed: null });
    expect(group(report, 'sex', 'male')).toMatchObject({ applied: 5, shortlisted: null });
    // Not answered: 1, withheld. Beside it female 8 and male 5 are rounded, so the total minus
    // them is no count of anyone: 20 - 10 - 5 - 5 = 0.
    expect(group(report, 'sex', '').applied).toBeNull();
    // Disability no: 9 of 19 applied, rounded to 10; 8 of 8 shortlisted: the total's figure.
    expect(group(report, 'disability', 'no')).toMatchObject({ applied: 10, shortlisted: 10 });
    expect(group(report, 'disability', 'yes')).toMatchObject({ applied: 5, shortlisted: null });
    // Nothing under five is ever shown, and every figure is a multiple of five.
    for (const question of report.questions)
      for (const item of question.groups)
        for (const n of Object.values(item.counts)) if (n !== null) expect(n % 5).toBe(0);
    // The job is the whole here: every figure of the whole is the job's.
    const whole = await funnel();
    expect(whole.total).toEqual(report.total);
    expect(whole.questions).toEqual(report.questions);
  });

  it('gives away nothing of one person by subtracting one job from the whole, whatever that person said', async () => {
    // Job B has one applicant, shortlisted. An administrator who knows that subtracts job A's
    // figures from the whole's, as an attacker did: female at shortlisted 6 - 5 and disability
    // "no" at applied 6 - 5; then at a rounding boundary, 8 - 7, which rounded one by one would
    // be 10 - 5. The person is female with no disability in one world, male with one in the other.
    type Differences = Record<string, number | 'withheld'>;
    const world = async (person: Partial<MonitoringRow>, extra: number) => {
      await startFromNothing();
      const jobA = await newJob('Underwriting Assistant');
      const jobB = await newJob('Actuarial Intern');
      await server.context.database.db
        .insert(equalityMonitoring)
        .values([
          ...returns(jobA, 5 + extra, { sex: 'female', disability: 'no' }, 'shortlisted'),
          ...returns(jobA, 1, { sex: 'male', disability: 'yes' }, 'shortlisted'),
          ...returns(jobA, 4, { sex: 'male', disability: 'yes' }),
          ...returns(jobB, 1, person, 'shortlisted'),
        ]);
      await takenAfresh();
      const [whole, a] = [await funnel(), await funnel(jobA)];
      // Every figure of the whole minus the same figure of job A.
      const differences: Differences = {};
      const subtract = (key: string, one: FunnelReport['total'], other: FunnelReport['total']) => {
        for (const [stage, n] of Object.entries(one)) {
          const m = other[stage as keyof typeof other];
          differences[`${key} ${stage}`] = n === null || m === null ? 'withheld' : n - m;
        }
      };
      subtract('total', whole.total, a.total);
      for (const question of whole.questions)
        for (const item of question.groups)
          subtract(`${question.key}=${item.value}`, item.counts, group(a, question.key, item.value));
      expect(differences['sex=female shortlisted']).toBe(0);
      expect(differences['disability=no applied']).toBe(0);
      // Told apart by the day they were taken only (each world is taken a day later).
      const content = (report: FunnelReport) => ({ total: report.total, questions: report.questions });
      return { differences, reports: { whole: content(whole), a: content(a) } };
    };

    const female = await world({ sex: 'female', disability: 'no' }, 0);
    const male = await world({ sex: 'male', disability: 'yes' }, 0);
    // The very same answers in both worlds.
    expect(male.reports).toEqual(female.reports);

    // At the boundary the whole's own figures may differ between the worlds (8 or 7 females
    // applied: 10 or 5), as any count can for one person more, but job A's follow them, so no
    // subtraction tells the worlds apart.
    const femaleAtBoundary = await world({ sex: 'female', disability: 'no' }, 2);
    const maleAtBoundary = await world({ sex: 'male', disability: 'yes' }, 2);
    expect(maleAtBoundary.differences).toEqual(femaleAtBoundary.differences);
  });

  it('answers the same all day, and the next, while fewer than five returns have changed: one person sent or moved shows nowhere', async () => {
    await startFromNothing();
    const jobId = await newJob('Fraud Analyst');
    for (let i = 0; i < 5; i++) await applyAndReturn(jobId, { sexualOrientation: 'gay-lesbian' });
    for (let i = 0; i < 5; i++) await applyAndReturn(jobId, { sexualOrientation: 'straight' });
    await takenAfresh();
    const before = { whole: await funnel(), job: await funnel(jobId) };
    expect(group(before.job, 'sexualOrientation', 'gay-lesbian').applied).toBe(5);
    expect(before.job.total.shortlisted).toBeNull();
    const now = async () => ({ whole: await funnel(), job: await funnel(jobId) });

    // One named applicant sends a return: gay or lesbian. Right after, and the next day, the
    // figures are the ones before it.
    const named = await applyAndReturn(jobId, { sexualOrientation: 'gay-lesbian' });
    expect(await now()).toEqual(before);
    nextDay();
    expect(await now()).toEqual(before);

    // The administrator moves that one person to Shortlisted: the same again.
    const moved = await server.api('PUT', `/applications/${named.id}/stage`, {
      token: admin,
      body: { stage: 'shortlisted' },
    });
    expect(moved.status).toBe(200);
    expect(await now()).toEqual(before);
    nextDay();
    expect(await now()).toEqual(before);

    // Four more returns: five returns have changed since the figures were taken (the named one
    // counts once), so the next look takes them again, all five changes together.
    for (let i = 0; i < 4; i++) await applyAndReturn(jobId, { sexualOrientation: 'bisexual' });
    later(2);
    const after = await now();
    expect(after.job.asOf).toBe(londonToday(clock));
    expect(after.job.total.applied).toBe(15);
    expect(after.whole.asOf).toBe(londonToday(clock));
    // And once taken, they stay for the day, whatever changes.
    for (let i = 0; i < 5; i++) await applyAndReturn(jobId, { sexualOrientation: 'straight' });
    later(120);
    expect(await now()).toEqual(after);
  });

  it('follows the stage reached, keeps it after a rejection, and goes with the application', async () => {
    await startFromNothing();
    const jobId = await newJob('Field Surveyor');
    const people: Applied[] = [];
    for (let i = 0; i < 5; i++) people.push(await applyAndReturn(jobId, { sex: 'female' }));
    const ids = people.map((person) => person.id);

    for (const stage of ['shortlisted', 'interview']) {
      const moved = await server.api('POST', '/applications/stage', { token: admin, body: { ids, stage } });
      expect(moved.status).toBe(200);
    }
    await server.api('PUT', `/applications/${ids[0]}/stage`, {
      token: admin,
      body: { stage: 'rejected', reasonId: A_REJECTION_REASON },
    });
    await server.api('PUT', `/applications/${ids[1]}/stage`, { token: admin, body: { stage: 'offer' } });
    await takenAfresh();
    let report = await funnel(jobId);
    expect(report.total).toEqual({ applied: 5, shortlisted: 5, interviewed: 5, offered: null, hired: null });
    expect(group(report, 'sex', 'female')).toMatchObject({ applied: 5, interviewed: 5 });

    // Deleted, erased, purged: each return goes with its application.
    expect((await server.api('DELETE', `/applications/${ids[2]}`, { token: admin })).status).toBe(200);
    const erased = await server.api('DELETE', `/applicants/${encodeURIComponent(people[3]!.email)}`, {
      token: admin,
    });
    expect(erased.status).toBe(200);
    await takenAfresh();
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
    // Only the returns stored straight into the table by the tests of the figures, far in the future, are left.
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
