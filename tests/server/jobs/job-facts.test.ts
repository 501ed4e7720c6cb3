import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';
import { jobFactMessages } from '../../../src/shared/jobs/job-facts';
import { jobs } from '../../../src/server/db/schema';

/** The fields of the specification's job answer, in its order: what an old client reads. */
const SPECIFICATION_FIELDS = [
  '_id',
  'jobTitle',
  'location',
  'hours',
  'ctc',
  'experience',
  'description',
  'responsibilities',
  'requirements',
  'publishTime',
  'closingDate',
  'closed',
  'questions',
  'questionSetId',
  'createdAt',
  'updatedAt',
];

/** The bytes the specification's answer had: its fields alone, in its order. */
const specificationBytes = (job: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(SPECIFICATION_FIELDS.map((field) => [field, job[field]])));

/** The answer is the specification's bytes, then only new fields after them. */
function expectSpecificationPrefix(text: string, job: Record<string, unknown>) {
  const old = specificationBytes(job);
  expect(text.startsWith(`${old.slice(0, -1)},"department":`)).toBe(true);
}

let server: TestApp;
let token: string;
beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
});

const create = (body: Record<string, unknown>) => server.api('POST', '/post', { token, body });
const structured = (overrides: Record<string, unknown> = {}) =>
  sampleJob({
    location: '',
    hours: '',
    ctc: '',
    locations: [],
    workplaceType: 'remote',
    remoteCountry: 'UK',
    employmentTypes: ['full-time'],
    pay: { min: 32000, max: 38000, period: 'year' },
    ...overrides,
  });

describe('the specification’s calls for a client that knows only the old fields', () => {
  it('accepts a text-only post and answers /single and /all with the same bytes as before, new fields after', async () => {
    const created = await create(sampleJob());
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;

    const single = await server.api('GET', `/single/${id}`);
    expect(single.body).toMatchObject({
      location: 'Northampton',
      hours: 'Full time, 37.5 hours',
      ctc: '£24,000 - £27,000',
      experience: '1-2 years',
    });
    expectSpecificationPrefix(single.bytes.toString('utf8'), single.body);

    const all = await server.api('GET', '/all');
    const listed = (all.body as Record<string, unknown>[]).find((job) => job._id === id)!;
    expect(all.bytes.toString('utf8')).toContain(`${specificationBytes(listed).slice(0, -1)},"department":`);
  });

  it('fills the pay range from a CTC text that states it plainly, keeping the text as written', async () => {
    const created = await create(sampleJob({ ctc: '£28k-£32k + bonus', hours: 'Part time (20h)' }));
    expect(created.status).toBe(201);
    const { body } = await server.api('GET', `/single/${created.body.insertedId}`);
    expect(body.ctc).toBe('£28k-£32k + bonus');
    expect(body.pay).toEqual({ min: 28000, max: 32000, period: 'year', currency: 'GBP' });
  });

  it('refuses a text-only post whose CTC states no pay, with the setting’s message', async () => {
    for (const ctc of ['Competitive', 'DOE', '£24,000 - £27,000 plus £3,000 bonus']) {
      const refused = await create(sampleJob({ ctc }));
      expect(refused.status, ctc).toBe(400);
      expect(refused.body.message).toBe(jobFactMessages.payRequired);
    }
  });

  it('writes the texts an administrator leaves blank from the facts', async () => {
    const created = await create(structured());
    expect(created.status).toBe(201);
    const { body } = await server.api('GET', `/single/${created.body.insertedId}`);
    expect(body).toMatchObject({
      location: 'Remote (UK)',
      hours: 'Full-time',
      ctc: '£32,000 – £38,000 a year',
      workplaceType: 'remote',
      remoteCountry: 'UK',
      employmentTypes: ['full-time'],
      pay: { min: 32000, max: 38000, period: 'year', currency: 'GBP' },
    });
  });

  it('keeps a one-figure hourly rate in pence and says it in words', async () => {
    const created = await create(
      structured({
        workplaceType: 'hybrid',
        remoteCountry: null,
        locations: ['Northampton', 'Leeds'],
        employmentTypes: ['part-time', 'fixed-term'],
        pay: { min: 12.6, period: 'hour' },
      }),
    );
    expect(created.status).toBe(201);
    const { body } = await server.api('GET', `/single/${created.body.insertedId}`);
    expect(body).toMatchObject({
      location: 'Hybrid · Northampton, Leeds',
      hours: 'Part-time, Fixed-term',
      ctc: '£12.60 an hour',
      pay: { min: 12.6, max: 12.6, period: 'hour' },
    });
  });

  it('an edit that leaves pay and CTC alone is not refused on a job saved without pay', async () => {
    // A job from before the rule, with no pay: as the old code stored it.
    const [row] = await server.context.database.db
      .insert(jobs)
      .values({
        jobTitle: 'Old job',
        location: 'Leeds',
        hours: 'Full time',
        ctc: 'Competitive',
        experience: '1 year',
        description: 'Text',
        publishTime: '01/01/2026',
        postCreator: 'a@example.com',
      })
      .returning({ id: jobs.id });
    const edited = await server.api('PUT', `/post/${row!.id}`, {
      token,
      body: { jobTitle: 'Old job, renamed' },
    });
    expect(edited.status).toBe(200);
    const touched = await server.api('PUT', `/post/${row!.id}`, {
      token,
      body: { ctc: 'Competitive salary' },
    });
    expect(touched.status).toBe(400);
    expect(touched.body.message).toBe(jobFactMessages.payRequired);
  });
});

describe('bad facts get a 400 naming the field', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'a minimum above the maximum',
      { pay: { min: 40000, max: 30000, period: 'year' } },
      jobFactMessages.payMinAboveMax,
    ],
    [
      'a negative figure',
      { pay: { min: -1, max: 30000, period: 'year' } },
      jobFactMessages.payNegative('Pay minimum'),
    ],
    [
      'over £1,000,000 a year',
      { pay: { min: 30000, max: 1_000_001, period: 'year' } },
      jobFactMessages.payAbsurd('Pay maximum', 'year'),
    ],
    [
      'over £1,000 an hour',
      { pay: { min: 1200, period: 'hour' } },
      jobFactMessages.payAbsurd('Pay minimum', 'hour'),
    ],
    [
      'over £5,000 a day',
      { pay: { min: 300, max: 6000, period: 'day' } },
      jobFactMessages.payAbsurd('Pay maximum', 'day'),
    ],
    ['a week as the period', { pay: { min: 300, period: 'week' } }, jobFactMessages.payPeriod],
    [
      'a figure as text',
      { pay: { min: '30k', period: 'year' } },
      jobFactMessages.payNotNumber('Pay minimum'),
    ],
    ['a remote job with no country', { remoteCountry: '  ' }, jobFactMessages.remoteCountry],
    ['an unknown employment type', { employmentTypes: ['zero-hours'] }, jobFactMessages.employmentType],
    ['an unknown workplace type', { workplaceType: 'office' }, jobFactMessages.workplaceType],
    [
      'an unknown department',
      { departmentId: '00000000-0000-4000-8000-000000000000' },
      jobFactMessages.unknownDepartment,
    ],
    ['no location in text or facts', { workplaceType: null, remoteCountry: null }, 'Location is required.'],
    ['no hours in text or facts', { employmentTypes: [] }, 'Work hours is required.'],
  ];
  it.each(cases)('%s', async (_name, overrides, message) => {
    const before = (await server.api('GET', '/all')).body.length;
    const refused = await create(structured(overrides));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect((await server.api('GET', '/all')).body.length).toBe(before);
  });

  it('an edit making a job remote with no country is refused and the job is kept as it was', async () => {
    const id = (
      await create(structured({ workplaceType: 'on-site', remoteCountry: null, locations: ['Leeds'] }))
    ).body.insertedId;
    const refused = await server.api('PUT', `/post/${id}`, { token, body: { workplaceType: 'remote' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(jobFactMessages.remoteCountry);
    expect((await server.api('GET', `/single/${id}`)).body).toMatchObject({
      workplaceType: 'on-site',
      location: 'Leeds',
    });
  });
});

describe('with REQUIRE_PAY_RANGE=false', () => {
  it('publishes a job whose CTC states no pay, with no pay range', async () => {
    const lenient = await buildTestApp({ REQUIRE_PAY_RANGE: 'false' });
    try {
      const created = await lenient.api('POST', '/post', {
        token: await lenient.adminToken(),
        body: sampleJob({ ctc: 'Competitive' }),
      });
      expect(created.status).toBe(201);
      const { body } = await lenient.api('GET', `/single/${created.body.insertedId}`);
      expect(body).toMatchObject({ ctc: 'Competitive', pay: null });
    } finally {
      await lenient.stop();
    }
  });
});
