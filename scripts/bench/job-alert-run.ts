// Times one daily job-alert run over N confirmed alerts and M new jobs, through the server's own
// code (its configuration, context, tables and run), on a fresh PGlite data folder. The alerts are
// inserted in one statement each of a few kinds of search, a tenth of them different words, so
// the run meets many distinct searches as it would in life; every job is published (so recorded
// as a posting by the job-alerts subscriber, as a real one is) before the run.
//
// Usage: node --import tsx scripts/bench/job-alert-run.ts <dataDir> <alerts> <jobs>
// Prints one JSON line: { alerts, jobs, seedSeconds, runSeconds, emails, batches }.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { runAlerts } from '../../src/server/job-alerts/job-alert-run';
import { jobAlertPostings } from '../../src/server/job-alerts/job-alerts-tables';
import { buildContext, closeContext } from '../../src/server/root/start-server';
import { toPublicJob } from '../../src/shared/jobs/job-contract';

const [dataDir, alertsText, jobsText] = process.argv.slice(2);
const alertCount = Number(alertsText);
const jobCount = Number(jobsText);
if (!dataDir || !Number.isInteger(alertCount) || !Number.isInteger(jobCount)) {
  console.error('usage: job-alert-run.ts <dataDir> <alerts> <jobs>');
  process.exit(2);
}

const TITLES = [
  'Claims Handler',
  'Underwriting Assistant',
  'Pricing Analyst',
  'Customer Service Advisor',
  'Data Engineer',
];
const QUERIES = [
  '',
  '?q=claims',
  '?q=underwriting&type=full-time',
  '?workplace=on-site',
  '?q=pricing+analyst',
  '?pay=20000',
];

const began = performance.now();
const context = await buildContext(
  loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
);
try {
  const db = context.database.db;
  for (let i = 0; i < jobCount; i++)
    await context.jobs.create({
      jobTitle: `${TITLES[i % TITLES.length]} ${i}`,
      location: 'Northampton',
      hours: 'Full time, 37.5 hours',
      ctc: '£24,000 - £27,000',
      experience: '1-2 years',
      description: 'Help customers compare insurance quotes over the phone.',
      responsibilities: ['Answer calls'],
      requirements: ['Clear spoken English'],
      publishTime: '11/29/2026',
      postCreator: 'bench@example.com',
    });
  // The subscriber records each posting as the events are delivered; the run reads them.
  await context.events.start({ info() {}, warn() {}, error() {} } as never);
  for (let waited = 0; waited < 30_000; waited += 100) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobAlertPostings);
    if (Number(row?.n) >= jobCount) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Covered up to before every posting, last sent two days ago: all due in today's daily run.
  await db.execute(sql`
    insert into job_alerts (email, query, frequency, status, confirmed_at, last_click_at, covered_seq, covered_at)
    select 'bench-' || n || '@example.com',
           case when n % 10 = 0 then '?q=' || 'word' || (n % 997) else (array[${sql.join(
             QUERIES.map((query) => sql`${query}`),
             sql`, `,
           )}])[1 + n % ${QUERIES.length}] end,
           'daily', 'active', now(), now(), 0, now() - interval '2 days'
    from generate_series(1, ${alertCount}) as n`);
  const seedSeconds = (performance.now() - began) / 1000;

  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await runAlerts(
    {
      db,
      mail: context.mail,
      openJobs: async () => (await context.jobs.list()).map(toPublicJob),
    },
    'daily',
  );
  const runSeconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const runCpuSeconds = (cpu.user + cpu.system) / 1e6;
  const [queued] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`email_outbox`);
  console.log(
    JSON.stringify({
      alerts: result.alerts,
      jobs: jobCount,
      seedSeconds,
      runSeconds,
      runCpuSeconds,
      emails: result.emails,
      queued: Number(queued?.n),
      batches: result.batches,
    }),
  );
} finally {
  await closeContext(context);
}
