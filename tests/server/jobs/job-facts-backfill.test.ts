import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { jobs, settings } from '../../../src/server/db/schema';
import { backfillJobFacts, JOB_FACTS_BACKFILL_KEY } from '../../../src/server/jobs/job-facts-backfill';

let server: TestApp;
beforeAll(async () => {
  server = await buildTestApp();
});
afterAll(async () => {
  await server?.stop();
});

/** Jobs as the code before the facts stored them: text only. */
const oldJobs = [
  {
    jobTitle: 'Claims Handler',
    location: 'Northampton',
    hours: '40 hours, Mon-Fri',
    ctc: '£28k-£32k + bonus',
  },
  { jobTitle: 'Underwriter', location: 'Remote (UK)', hours: 'Part time (20h)', ctc: 'Competitive' },
  { jobTitle: 'Data Analyst', location: 'Hybrid - Leeds', hours: 'Full time', ctc: '£15.50 per hour' },
  { jobTitle: 'Broker', location: 'Northampton or remote', hours: 'Flexible', ctc: 'DOE' },
  { jobTitle: 'Temp', location: 'Leeds, Northampton', hours: 'Fixed-term contract', ctc: '£24,000' },
];

describe('filling existing jobs’ facts from their text, once after the migration', () => {
  it('fills only what the text says plainly, keeps every text, and runs once', async () => {
    const { db } = server.context.database;
    const ids: string[] = [];
    for (const job of oldJobs) {
      const [row] = await db
        .insert(jobs)
        .values({
          ...job,
          experience: '1 year',
          description: 'Text',
          publishTime: '01/01/2026',
          postCreator: 'a@x.uk',
        })
        .returning({ id: jobs.id });
      ids.push(row!.id);
    }
    // As on a database the migration has just given the new columns: the step has not run.
    await db.delete(settings).where(eq(settings.key, JOB_FACTS_BACKFILL_KEY));

    expect(await backfillJobFacts(db)).toBe(4);
    const read = async (index: number) => (await server.api('GET', `/single/${ids[index]}`)).body;

    expect(await read(0)).toMatchObject({
      location: 'Northampton',
      hours: '40 hours, Mon-Fri',
      ctc: '£28k-£32k + bonus',
      locations: ['Northampton'],
      workplaceType: 'on-site',
      employmentTypes: [],
      pay: { min: 28000, max: 32000, period: 'year', currency: 'GBP' },
    });
    expect(await read(1)).toMatchObject({
      location: 'Remote (UK)',
      hours: 'Part time (20h)',
      ctc: 'Competitive',
      workplaceType: 'remote',
      remoteCountry: 'UK',
      employmentTypes: ['part-time'],
      pay: null,
    });
    expect(await read(2)).toMatchObject({
      workplaceType: 'hybrid',
      locations: ['Leeds'],
      employmentTypes: ['full-time'],
      pay: { min: 15.5, max: 15.5, period: 'hour' },
    });
    expect(await read(3)).toMatchObject({
      location: 'Northampton or remote',
      hours: 'Flexible',
      ctc: 'DOE',
      locations: [],
      workplaceType: null,
      employmentTypes: [],
      pay: null,
    });
    expect(await read(4)).toMatchObject({
      locations: ['Leeds', 'Northampton'],
      workplaceType: 'on-site',
      employmentTypes: ['fixed-term', 'contract'],
      pay: { min: 24000, max: 24000, period: 'year' },
    });

    // Once: a later start changes nothing, even a job an administrator has since cleared.
    await db
      .update(jobs)
      .set({ payMinPence: null, payMaxPence: null, payPeriod: null })
      .where(eq(jobs.id, ids[0]!));
    expect(await backfillJobFacts(db)).toBe(0);
    expect((await read(0)).pay).toBeNull();
  });
});
