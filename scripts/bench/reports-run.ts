// Times the hiring reports' calls over N hiring facts, through the server's own app (its routes,
// validation, queries and answers, by Fastify's inject: no socket), on PGlite in a data folder
// or on PostgreSQL when a database address is given. The facts are a plausible year: 40 jobs in
// 6 departments, 6 sources, arrivals and moves through the stages over the last 12 months, made
// and written by the server's own functions.
//
// Usage: node --import tsx scripts/bench/reports-run.ts <dataDir> <facts> [databaseUrl]
// Prints one JSON line: { engine, facts, seedSeconds, calls: [{ call, medianMs, maxMs }] }.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  factFor,
  writeFacts,
  type NewHiringFact,
  type PastMove,
} from '../../src/server/reports/hiring-facts';
import type { ApplicationStage } from '../../src/shared/applications/stage-contract';
import { buildTestApp } from '../../tests/support/build-app';

const [dataDir, factsText, databaseUrl] = process.argv.slice(2);
const factCount = Number(factsText);
if (!dataDir || !Number.isInteger(factCount)) {
  console.error('usage: reports-run.ts <dataDir> <facts> [databaseUrl]');
  process.exit(2);
}
const RUNS = 10;
const DAY = 86_400_000;

const server = await buildTestApp({}, { dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
try {
  const began = performance.now();
  // Each application arrives and moves on a plausible way, in working days; its facts are made
  // and written (with their monthly sums) by the server's own code, as the backfill writes them.
  const jobs = Array.from({ length: 40 }, (_, i) => ({
    jobId: randomUUID(),
    jobTitle: `Job ${i}`,
    department: `department-${i % 6}`,
  }));
  const sources = ['direct', 'indeed', 'adzuna', 'leeds-fair', 'referral-ann', 'unknown'];
  const paths: Array<Array<[ApplicationStage, number]>> = [
    [
      ['reviewed', 2],
      ['rejected', 3],
    ],
    [
      ['reviewed', 1],
      ['shortlisted', 4],
      ['rejected', 6],
    ],
    [
      ['reviewed', 2],
      ['shortlisted', 5],
      ['interview', 9],
      ['rejected', 12],
    ],
    [
      ['reviewed', 1],
      ['shortlisted', 3],
      ['interview', 8],
      ['offer', 14],
      ['hired', 22],
    ],
    [['reviewed', 3]],
  ];
  const today = Date.now();
  const facts: NewHiringFact[] = [];
  for (let n = 0; facts.length < factCount; n++) {
    const job = jobs[n % jobs.length]!;
    const application = {
      ...job,
      source: sources[n % sources.length]!,
      appliedAt: new Date(today - ((n * 7919) % 350) * DAY - 40 * DAY),
    };
    const path = paths[(n * 31) % paths.length]!;
    facts.push(factFor(application, [], { at: application.appliedAt, from: null, to: 'new' }));
    const before: PastMove[] = [];
    for (const [to, after] of path) {
      if (facts.length >= factCount) break;
      const at = new Date(application.appliedAt.getTime() + (after * 7 * DAY) / 5 + (n % 5) * DAY);
      facts.push(factFor(application, before, { at, from: before.at(-1)?.to ?? 'new', to }));
      before.push({ at, to });
    }
  }
  await server.context.database.db.transaction((tx) => writeFacts(tx, facts));
  for (const table of ['hiring_facts', 'hiring_fact_months', 'hiring_fact_durations', 'hiring_fact_jobs'])
    await server.context.database.db.execute(sql.raw(`analyze ${table}`));
  const seedSeconds = (performance.now() - began) / 1000;

  const token = await server.adminToken();
  const calls = [
    ['reports, last 12 months', '/reports'],
    ['reports, one department', '/reports?department=department-2'],
    ['reports, one job and one source', `/reports?jobId=${await jobId()}&source=indeed`],
    ['filter choices', '/reports/choices'],
    ['CSV of the funnel', '/reports/csv?report=funnel'],
  ] as const;
  const measured = [];
  for (const [call, path] of calls) {
    const times: number[] = [];
    for (let run = -2; run < RUNS; run++) {
      const start = performance.now();
      const answer = await server.api('GET', path, { token });
      const ms = performance.now() - start;
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      if (run >= 0) times.push(ms);
    }
    times.sort((a, b) => a - b);
    measured.push({ call, medianMs: times[Math.floor(RUNS / 2)]!, maxMs: times.at(-1)! });
  }
  console.log(
    JSON.stringify({
      engine: databaseUrl ? 'PostgreSQL' : 'PGlite',
      facts: factCount,
      seedSeconds,
      calls: measured,
    }),
  );
} finally {
  await server.stop();
}

async function jobId(): Promise<string> {
  const result = (await server.context.database.db.execute(
    sql`select job_id as id from hiring_facts where job_title = 'Job 7' limit 1`,
  )) as unknown as {
    rows: Array<{ id: string }>;
  };
  return result.rows[0]!.id;
}
