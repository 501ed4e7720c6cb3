// Stores N applications in a product data folder before the server starts (PGlite allows one
// process at a time), through the server's own code: its configuration, context and
// repositories, so columns added to applications later are filled the way the server fills them.
// Each gets the same small valid PDF (a file the benchmark made) as its CV; they are spread over
// the jobs already stored.
// Seeding 10,000 through the API instead would take ~1,000 source addresses (10 a minute each)
// and a PDF check per request; this takes 3-5 ms an application (row commit + CV file fsync).
//
// Usage: node --import tsx scripts/bench/seed-applications.ts <dataDir> <count> <cv.pdf>
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/server/config';
import { emailOutbox } from '../../src/server/db/schema';
import { buildContext } from '../../src/server/root/start-server';

const [dataDir, countText, cvFile] = process.argv.slice(2);
const count = Number(countText);
if (!dataDir || !cvFile || !Number.isInteger(count) || count < 1) {
  console.error('usage: seed-applications.ts <dataDir> <count> <cv.pdf>');
  process.exit(2);
}

const began = performance.now();
const context = await buildContext(
  loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
);
try {
  const jobs = await context.jobs.list();
  if (jobs.length === 0) throw new Error('no jobs in the data folder: create them first');
  const cv = readFileSync(cvFile);
  let next = 0;
  // PGlite runs one query at a time; concurrency overlaps the CV file fsyncs with the inserts.
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const job = jobs[i % jobs.length]!;
      await context.applications.create({
        jobId: job._id,
        jobTitle: job.jobTitle,
        name: `Seeded Applicant ${i}`,
        email: `seeded-${i}@example.com`,
        phone: '07700 900123',
        about: 'I have five years of experience in customer service and would love to join your team.',
        cv,
      });
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  // Storing queued each application's two e-mails; seeded applicants are not real, and the
  // server delivering 20,000 of them at its start would skew every measurement.
  await context.database.db.delete(emailOutbox);
  const stored = await context.applications.count();
  console.info(JSON.stringify({ created: count, stored, ms: Math.round(performance.now() - began) }));
} finally {
  context.mailer.close();
  await context.database.close();
}
// Nothing else may keep the folder open once this returns (the server opens it next).
process.exit(0);
