import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditEntries, settings } from '../../../src/server/db/schema';
import { purgeExpiredApplications } from '../../../src/server/privacy/retention';
import { csvCell } from '../../../src/server/reports/reports-csv';
import {
  backfillHiringFacts,
  HIRING_FACTS_BACKFILL_KEY,
} from '../../../src/server/reports/hiring-facts-backfill';
import {
  hiringFactDurations,
  hiringFactJobs,
  hiringFactMonths,
  hiringFacts,
} from '../../../src/server/reports/reports-tables';
import { trackingLinks } from '../../../src/server/sources/sources-tables';
import { londonToday } from '../../../src/shared/format/calendar-date';
import type { Reports } from '../../../src/shared/reports/reports-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { A_REJECTION_REASON } from '../../support/hiring';
import { applyTo } from '../../support/hiring-team';
import { sampleJob } from '../../support/test-server';

/**
 * The hiring reports (docs/behaviour.md#reports): facts made as applications arrive and move,
 * kept with nothing of the person when the person goes (docs/security.md#hiring-facts), and the
 * figures made from them, checked against figures worked out here from a known history.
 */

const WAIT = { timeout: 15_000, interval: 50 };
let server: TestApp;
let token: string;
let db: TestApp['context']['database']['db'];

const department = async (name: string) => {
  const made = await server.api('POST', '/departments', { token, body: { name } });
  expect(made.status).toBe(201);
  return made.body.insertedId as string;
};
const job = async (jobTitle: string, departmentId: string) => {
  const made = await server.api('POST', '/post', { token, body: sampleJob({ jobTitle, departmentId }) });
  expect(made.status).toBe(201);
  return made.body.insertedId as string;
};
const move = async (id: string, stage: string) => {
  const moved = await server.api('PUT', `/applications/${id}/stage`, {
    token,
    body: { stage, notify: false, ...(stage === 'rejected' ? { reasonId: A_REJECTION_REASON } : {}) },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
};
const allFacts = () => db.select().from(hiringFacts).orderBy(asc(hiringFacts.seq));

beforeAll(async () => {
  server = await buildTestApp(
    {},
    { domainEvents: { pollMs: 100, firstRetryMs: 100, maxRetryMs: 500, leaseMs: 5_000 } },
  );
  token = await server.adminToken();
  db = server.context.database.db;
}, 60_000);
afterAll(() => server?.stop());

describe('the hiring facts', () => {
  it('are made for each arrival and move, in order, with nothing of the person, and stay when the person is erased or purged', async () => {
    const jobId = await job('Motor Claims Handler', await department('Motor Claims'));
    const person = { name: 'Zebedee Quillfeather', email: 'zebedee.quillfeather@example.com' };
    const id = await applyTo(server, jobId, { ...person, about: 'Cover letter.' });
    const other = await applyTo(server, jobId, {
      name: 'Ottoline Brackenbury',
      email: 'ottoline.b@example.com',
      about: 'Cover letter.',
    });
    for (const stage of ['reviewed', 'shortlisted', 'interview', 'reviewed', 'interview', 'offer'])
      await move(id, stage);
    await move(other, 'rejected');
    const today = londonToday();

    await expect.poll(async () => (await allFacts()).length, WAIT).toBe(9);
    const facts = await allFacts();
    const mine = facts.filter((fact) => fact.jobId === jobId);
    // In the order of the changes: both arrivals, then the moves as they were made.
    expect(mine.map((fact) => [fact.fromStage, fact.toStage, fact.reachFrom, fact.reachTo])).toEqual([
      [null, 'new', 0, 0],
      [null, 'new', 0, 0],
      ['new', 'reviewed', 1, 1],
      ['reviewed', 'shortlisted', 2, 2],
      ['shortlisted', 'interview', 3, 3],
      // Back to a stage it had passed, then on again: no step is reached twice.
      ['interview', 'reviewed', null, null],
      ['reviewed', 'interview', null, null],
      ['interview', 'offer', 4, 4],
      ['new', 'rejected', null, null],
    ]);
    for (const fact of mine) {
      expect(fact).toMatchObject({
        jobTitle: 'Motor Claims Handler',
        department: 'motor-claims',
        source: 'direct',
        day: today,
        appliedOn: today,
        daysSinceApplied: 0,
      });
      expect(fact.daysInStage ?? 0).toBe(0);
    }

    // The person goes, by an erasure and by the purge; their facts stay, and hold nothing of them.
    const before = await allFacts();
    expect(
      (await server.api('DELETE', `/applicants/${encodeURIComponent(person.email)}`, { token })).status,
    ).toBe(200);
    const later = new Date(Date.now() + (server.context.config.retentionDays + 1) * 86_400_000);
    const purged = await purgeExpiredApplications(server.context, server.context.config.retentionDays, {
      now: later,
    });
    expect(purged.deleted).toBeGreaterThan(0);
    expect(
      await db.select({ id: applications.id }).from(applications).where(eq(applications.id, other)),
    ).toEqual([]);
    expect(await allFacts()).toEqual(before);
    const every = JSON.stringify(
      await Promise.all(
        [hiringFacts, hiringFactMonths, hiringFactDurations, hiringFactJobs].map((table) =>
          db.execute(sql`select * from ${table}`),
        ),
      ),
    ).toLowerCase();
    for (const trace of [person.name, person.email, 'zebedee', 'quillfeather', 'ottoline', id, other])
      expect(every).not.toContain(trace.toLowerCase());
  });

  it('the figures, from a known history made before the facts began, backfilled once', async () => {
    // 40 applications to one claims job, from two sources, with known stage dates in February and
    // March 2026 (no bank holiday falls between 2 January and 3 April), and 6 to a legal job of
    // which 4 are hired. Written straight into the database as an older release left them.
    const claims = await job('Home Claims Handler', await department('Home Claims'));
    const legal = await job('Legal Counsel', await department('Legal'));
    await db.insert(trackingLinks).values({ code: 'leeds-fair', kind: 'event', name: 'Leeds careers fair' });

    const addWorking = (day: string, n: number) => {
      const date = new Date(`${day}T12:00:00Z`);
      for (let left = n; left > 0;) {
        date.setUTCDate(date.getUTCDate() + 1);
        if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left--;
      }
      return date.toISOString().slice(0, 10);
    };
    const at = (day: string) => new Date(`${day}T10:00:00Z`);
    const label = {
      new: 'New',
      reviewed: 'Reviewed',
      shortlisted: 'Shortlisted',
      interview: 'Interview',
      offer: 'Offer',
      hired: 'Hired',
      rejected: 'Rejected',
    } as const;
    type Stage = keyof typeof label;
    const history: Array<{ jobId: string; source: string; arrive: string; path: Array<[Stage, number]> }> =
      [];
    for (let i = 0; i < 40; i++) {
      const arrive = addWorking('2026-01-30', 1 + (i % 5)); // Mon 2 Feb .. Fri 6 Feb
      const path: Array<[Stage, number]> = [['reviewed', 1]];
      if (i < 30) path.push(['shortlisted', 3]);
      if (i < 20) path.push(['interview', 6]);
      if (i < 12) path.push(['offer', 10]);
      if (i < 10) path.push(['hired', 20 + i]);
      else if (i < 12) path.push(['rejected', 15]);
      else if (i < 20) path.push(['rejected', 8]);
      else if (i < 30) path.push(['rejected', 5]);
      else path.push(['rejected', 2]);
      history.push({ jobId: claims, source: i % 2 ? 'indeed' : 'leeds-fair', arrive, path });
    }
    for (let i = 0; i < 6; i++)
      history.push({
        jobId: legal,
        source: 'direct',
        arrive: '2026-02-02',
        path:
          i < 4
            ? [
                ['reviewed', 1],
                ['hired', 10 + i],
              ]
            : [['rejected', 1]],
      });
    for (const [index, one] of history.entries()) {
      const id = randomUUID();
      await db.insert(applications).values({
        id,
        jobId: one.jobId,
        jobTitle: one.jobId === claims ? 'Home Claims Handler' : 'Legal Counsel',
        name: `Seeded Person${index}`,
        email: `seeded.person${index}@example.com`,
        phone: '07700 900123',
        about: 'Seeded.',
        source: one.source,
        stage: one.path.at(-1)![0],
        createdAt: at(one.arrive),
      });
      let from: Stage = 'new';
      for (const [to, after] of one.path) {
        await db.insert(auditEntries).values({
          applicationId: id,
          subjectEmail: `seeded.person${index}@example.com`,
          actorEmail: 'admin@example.com',
          action: 'stage',
          detail: `${label[from]} → ${label[to]}${to === 'rejected' ? ' (Not enough experience)' : ''}`,
          createdAt: at(addWorking(one.arrive, after)),
        });
        from = to;
      }
    }

    // The backfill ran when this server started (nothing then); run as after an upgrade, it
    // makes the facts of that history, and only once.
    const live = (await allFacts()).length;
    await db.delete(settings).where(eq(settings.key, HIRING_FACTS_BACKFILL_KEY));
    const made = history.length + history.reduce((n, one) => n + one.path.length, 0);
    expect(await backfillHiringFacts(db)).toBe(made);
    expect(await backfillHiringFacts(db)).toBe(0);
    expect((await allFacts()).length).toBe(live + made);

    const range = 'from=2026-02-01&to=2026-03-31';
    const answer = await server.api('GET', `/reports?${range}&department=home-claims`, { token });
    expect(answer.status).toBe(200);
    const reports = answer.body as Reports;
    const steps = (row: Reports['funnel']['overall']) =>
      row.steps.map((step) => [step.count, step.conversion]);
    // 40 applied and reviewed, 30 shortlisted, 20 interviewed, 12 offered (10 shown: 12 rounds
    // to 10), 10 hired: within four of the offers, so shown as their figure.
    expect(steps(reports.funnel.overall)).toEqual([
      [40, null],
      [40, 1],
      [30, 0.75],
      [20, 20 / 30],
      [10, 0.5],
      [10, 1],
    ]);
    // Time to hire: the 10 hires took 20..29 working days, all hired in March.
    const hires = Array.from({ length: 10 }, (_, i) => 20 + i);
    const rank = (values: number[], p: number) =>
      [...values].sort((a, b) => a - b)[Math.ceil(p * values.length) - 1];
    expect(reports.timeToHire).toEqual([
      { month: '2026-02', count: null, median: null, p90: null },
      { month: '2026-03', count: 10, median: rank(hires, 0.5), p90: rank(hires, 0.9) },
    ]);
    // Time at Offer, by the month it was left: two declined in February (withheld), ten hired in March after 10..19 days.
    const atOffer = reports.timeInStage.find((entry) => entry.stage === 'offer')!.months;
    const offerDays = Array.from({ length: 10 }, (_, i) => 10 + i);
    expect(atOffer).toEqual([
      { month: '2026-02', count: null, median: null, p90: null },
      { month: '2026-03', count: 10, median: rank(offerDays, 0.5), p90: rank(offerDays, 0.9) },
    ]);
    const atInterview = reports.timeInStage.find((entry) => entry.stage === 'interview')!.months[0]!;
    const interviewDays = [...Array(12).fill(4), ...Array(8).fill(2)] as number[];
    expect(atInterview).toEqual({
      month: '2026-02',
      count: 20,
      median: rank(interviewDays, 0.5),
      p90: rank(interviewDays, 0.9),
    });
    expect(reports.bySource).toEqual([
      { source: 'indeed', label: 'Indeed', applications: 20, interviews: 10, hires: 5 },
      { source: 'leeds-fair', label: 'Leeds careers fair', applications: 20, interviews: 10, hires: 5 },
    ]);
    expect(reports.offers).toEqual({ made: 10, accepted: 10, acceptance: 1 });

    // A range that starts and ends inside a month reads its ends from the facts rather than the
    // monthly sums: the same history, the same figures.
    const inside = (
      await server.api('GET', '/reports?from=2026-02-02&to=2026-03-30&department=home-claims', { token })
    ).body as Reports;
    expect(inside.funnel).toEqual(reports.funnel);
    expect(inside.timeToHire).toEqual(reports.timeToHire);
    expect(inside.offers).toEqual(reports.offers);
    const wholeMonths = (await server.api('GET', `/reports?${range}`, { token })).body as Reports;
    const insideAll = (await server.api('GET', '/reports?from=2026-02-02&to=2026-03-30', { token }))
      .body as Reports;
    expect(insideAll.funnel).toEqual(wholeMonths.funnel);
    expect(insideAll.timeInStage).toEqual(wholeMonths.timeInStage);
    expect(insideAll.bySource).toEqual(wholeMonths.bySource);

    // Legal's 4 hires are fewer than five: withheld, with their durations, in the JSON and the CSV.
    const whole = wholeMonths;
    const legalRow = whole.funnel.byDepartment.find((row) => row.key === 'legal')!;
    expect(legalRow.label).toBe('Legal');
    expect(legalRow.steps.find((step) => step.step === 'hired')!.count).toBeNull();
    const legalOnly = (await server.api('GET', `/reports?${range}&department=legal`, { token }))
      .body as Reports;
    expect(legalOnly.timeToHire.every((month) => month.count === null && month.median === null)).toBe(true);
    const csv = await server.api<string>('GET', `/reports/csv?report=funnel&${range}&department=legal`, {
      token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain('hiring-funnel-2026-02-01-to-2026-03-31.csv');
    expect(csv.bytes.toString('utf8')).toContain('\r\nDepartment,Legal,Hired,fewer than 5,\r\n');
    expect(csv.bytes.toString('utf8')).toMatch(
      /^Breakdown,Name,Step,Applications,Conversion from the step before\r\nOverall,All applications,Applied,5,\r\n/,
    );

    const choices = (await server.api('GET', '/reports/choices', { token })).body;
    expect(choices.departments).toEqual(
      expect.arrayContaining([
        { slug: 'legal', name: 'Legal' },
        { slug: 'home-claims', name: 'Home Claims' },
      ]),
    );
    expect(choices.sources).toEqual(
      expect.arrayContaining([{ source: 'leeds-fair', label: 'Leeds careers fair' }]),
    );
  });

  it('writes CSV cells a spreadsheet cannot take for formulas', () => {
    expect(csvCell('=HYPERLINK("https://evil.example","Indeed")')).toBe(
      '"\'=HYPERLINK(""https://evil.example"",""Indeed"")"',
    );
    for (const lead of ['+', '-', '@', '\t', '\r'])
      expect(csvCell(`${lead}1`)).toBe(lead === '\r' ? '"\'\r1"' : `'${lead}1`);
    expect(csvCell('Claims, Motor')).toBe('"Claims, Motor"');
    expect(csvCell(25)).toBe('25');
  });

  it('refuses filters it cannot read, in words', async () => {
    const backwards = await server.api('GET', '/reports?from=2026-03-01&to=2026-02-01', { token });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The start date is after the end date.');
    expect((await server.api('GET', '/reports?from=2026-02-31', { token })).status).toBe(400);
    const decades = await server.api('GET', '/reports?from=1990-01-01&to=2026-01-01', { token });
    expect([decades.status, decades.body.message]).toEqual([400, 'Choose a range of at most 10 years.']);
    const kind = await server.api('GET', '/reports/csv?report=salaries', { token });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toContain('Choose one of: funnel');
  });
});
