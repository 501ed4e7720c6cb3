import { eq } from 'drizzle-orm';
import { assertNoServerHolding } from '../../db/data-dir-lock';
import { insertJsonRows } from '../../db/json-rows';
import { applications, auditEntries, departments, settings } from '../../db/schema';
import { addWorkingDays } from '../../response-times/working-days';
import { factsFromHistory, writeFacts } from '../../reports/hiring-facts';
import { trackingLinks } from '../../sources/sources-tables';
import { stageLabels, type ApplicationStage } from '../../../shared/applications/stage-contract';
import { londonToday } from '../../../shared/format/calendar-date';
import type { TrackingLinkKind } from '../../../shared/sources/source-contract';
import { buildContext, closeContext } from '../start-server';
import { loadToolConfig, runTool } from './run-tool';

const usage = 'Usage: npm run seed:history';

/** The settings row that marks a data folder as seeded, so a second run adds nothing. */
const SEEDED_KEY = 'seed:history';

const DEPARTMENTS = ['Claims', 'Customer Service', 'Data & Pricing', 'Engineering', 'Marketing'];
const JOBS: Array<[title: string, department: number]> = [
  ['Motor Claims Handler', 0],
  ['Home Claims Handler', 0],
  ['Customer Service Advisor', 1],
  ['Team Leader, Customer Service', 1],
  ['Pricing Analyst', 2],
  ['Data Engineer', 2],
  ['Senior Software Engineer', 3],
  ['QA Engineer', 3],
  ['Content Marketing Executive', 4],
];
const LINKS: Array<[code: string, kind: TrackingLinkKind, name: string]> = [
  ['leeds-fair', 'event', 'Leeds careers fair'],
  ['bus-poster', 'poster', 'Northampton bus shelter poster'],
  ['referral-sam', 'referral', 'Referral: Sam Patel'],
];
/** Where applications come from, weighted: the job boards, the links above, direct, unknown. */
const SOURCES = [
  'indeed',
  'indeed',
  'indeed',
  'direct',
  'direct',
  'adzuna',
  'google-jobs',
  'leeds-fair',
  'bus-poster',
  'referral-sam',
  'unknown',
];

/** A small deterministic generator, so every seeded folder tells the same story. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * `npm run seed:history`: a year of realistic hiring history in the configured data folder, so
 * the Reports screen has something to show (docs/behaviour.md#reports): five departments, nine
 * jobs, three tracking links and a few hundred applications from several sources moving through
 * the stages over the last twelve months with working-day gaps. The jobs and departments go
 * through the server's own repositories. The applications and their stage history are written
 * as the server writes them (the same stage entries in the audit trail), dated in the past, which
 * the live code paths cannot do: they stamp the present. Their facts are then made by the same
 * code the subscriber and the backfill use. For a demonstration or development folder only: the
 * applicants are made up (example.com), and a second run adds nothing.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length > 0) {
    console.error(usage);
    return 2;
  }
  const config = loadToolConfig();
  if (!config.databaseUrl) assertNoServerHolding(config.dataDir);
  const context = await buildContext({ ...config, bootstrapAdmin: undefined });
  for (const notice of context.startNotices) console.warn(notice);
  try {
    const db = context.database.db;
    const claimed = await db
      .insert(settings)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) {
      console.info('This data folder already holds the seeded history: nothing was added.');
      return 0;
    }
    const random = generator(20_260_101);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

    const departmentIds: string[] = [];
    for (const name of DEPARTMENTS) {
      const made = await context.departments.create(name);
      if (made.ok) departmentIds.push(made.id);
      else {
        const [found] = await db
          .select({ id: departments.id })
          .from(departments)
          .where(eq(departments.name, name));
        departmentIds.push(found!.id);
      }
    }
    const today = londonToday();
    const jobs: Array<{ id: string; title: string }> = [];
    for (const [title, department] of JOBS) {
      const id = await context.jobs.create({
        jobTitle: title,
        location: 'Northampton',
        hours: 'Full time, 37.5 hours',
        ctc: '£26,000 - £32,000',
        experience: '1-2 years',
        description: `Join our ${DEPARTMENTS[department]} team and help people compare insurance quotes.`,
        responsibilities: ['Work with the team'],
        requirements: ['Good written English'],
        publishTime: `${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`,
        postCreator: 'seed@example.com',
        departmentId: departmentIds[department]!,
      });
      jobs.push({ id, title });
    }
    await db
      .insert(trackingLinks)
      .values(LINKS.map(([code, kind, name]) => ({ code, kind, name })))
      .onConflictDoNothing();

    // Each application arrives on a working day of the last twelve months and moves on, or is
    // rejected or withdraws, a plausible number of working days after each step.
    const ladder: ApplicationStage[] = ['reviewed', 'shortlisted', 'interview', 'offer', 'hired'];
    const goOn = [0.85, 0.5, 0.6, 0.7, 0.85];
    const gap = [
      [1, 4],
      [2, 8],
      [3, 10],
      [2, 12],
      [3, 15],
    ] as const;
    const start = addWorkingDays(londonToday(new Date(Date.now() - 365 * 86_400_000)), 0);
    const at = (day: string) =>
      new Date(`${day}T${String(9 + Math.floor(random() * 8)).padStart(2, '0')}:30:00Z`);
    const rows: Array<typeof applications.$inferInsert> = [];
    const moves: Array<typeof auditEntries.$inferInsert> = [];
    for (let n = 0; n < 600; n++) {
      const job = pick(jobs);
      const arrive = addWorkingDays(start, 1 + Math.floor(random() * 245));
      const id = crypto.randomUUID();
      const email = `sample.applicant${n + 1}@example.com`;
      let stage: ApplicationStage = 'new';
      let day = arrive;
      let changedAt = at(arrive);
      for (const [step, next] of ladder.entries()) {
        const [least, most] = gap[step]!;
        const then = addWorkingDays(day, least + Math.floor(random() * (most - least + 1)));
        if (then > today) break;
        const ending = random() > goOn[step]!;
        const to: ApplicationStage = ending ? (random() < 0.1 ? 'withdrawn' : 'rejected') : next;
        if (ending && step === 0 && random() < 0.5) break; // still waiting to be looked at
        moves.push({
          applicationId: id,
          subjectEmail: email,
          actorEmail: to === 'withdrawn' ? email : 'seed@example.com',
          action: 'stage',
          detail: `${stageLabels[stage]} → ${stageLabels[to]}${to === 'rejected' ? ' (Seeded history)' : ''}`,
          createdAt: at(then),
        });
        stage = to;
        day = then;
        changedAt = at(then);
        if (ending) break;
      }
      rows.push({
        id,
        jobId: job.id,
        jobTitle: job.title,
        name: `Sample Applicant ${n + 1}`,
        email,
        phone: '07700 900000',
        about: 'A made-up applicant of the seeded history.',
        source: pick(SOURCES),
        stage,
        stageChangedAt: changedAt,
        createdAt: at(arrive),
      });
    }
    await db.transaction(async (tx) => {
      await tx.insert(applications).values(rows);
      await tx.execute(
        insertJsonRows(
          auditEntries,
          ['applicationId', 'subjectEmail', 'actorEmail', 'action', 'detail', 'createdAt'],
          moves,
        ),
      );
      const facts = await factsFromHistory(tx, { ids: rows.map((row) => row.id!) });
      await writeFacts(tx, facts);
      console.info(
        `Seeded ${DEPARTMENTS.length} departments, ${jobs.length} jobs, ${LINKS.length} tracking links and ${rows.length} applications with ${moves.length} stage moves over the last 12 months (${facts.length} hiring facts).`,
      );
    });
    return 0;
  } finally {
    await closeContext(context);
  }
}

runTool('seed:history', main);
