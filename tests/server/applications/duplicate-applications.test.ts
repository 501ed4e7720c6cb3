import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../src/server/db/schema';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/site/privacy-notice';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob } from '../../support/test-server';

/** A second application from one address to one job within 30 days: kept, flagged, and said. */

const DAY_MS = 86_400_000;

let server: TestApp;
let token: string;
let jobId: string;
let otherJobId: string;
let cv: Buffer;
let counter = 0;

const apply = async (overrides: Record<string, unknown> = {}) => {
  counter++;
  const answer = await server.api('POST', '/applications', {
    body: {
      name: `Applicant ${counter}`,
      email: `applicant${counter}@example.com`,
      phone: '07700 900123',
      number: '07700 900123',
      pdfFile: toDataUrl(cv),
      about: `Cover letter ${counter}`,
      jobTitle: 'Customer Service Advisor',
      jobName: 'Customer Service Advisor',
      jobId,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      ...overrides,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body as { success: boolean; insertedId: string; duplicate: boolean };
};

const backdate = (id: string, days: number) =>
  server.context.database.db
    .update(applications)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(applications.id, id));

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  cv = await validPdf('Duplicate Test CV');
  jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
  otherJobId = (await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Other Role' }) }))
    .body.insertedId;
});
afterAll(async () => {
  await server?.stop();
});

describe('duplicate applications', () => {
  it('stores a second application to the same job within 30 days, flagged, and tells the applicant', async () => {
    const first = await apply({ email: 'twice@example.com' });
    expect(first.duplicate).toBe(false);
    const second = await apply({ email: 'Twice@Example.com' });
    expect(second).toMatchObject({ success: true, duplicate: true });
    const third = await apply({ email: 'twice@example.com' });
    expect(third.duplicate).toBe(true);
    const elsewhere = await apply({ email: 'twice@example.com', jobId: otherJobId });
    expect(elsewhere.duplicate).toBe(false);

    const list = (await server.api('GET', '/applications', { token })).body as Array<{
      _id: string;
      duplicateOf: string | null;
    }>;
    const byId = new Map(list.map((row) => [row._id, row.duplicateOf]));
    expect(byId.get(first.insertedId)).toBeNull();
    expect(byId.get(second.insertedId)).toBe(first.insertedId);
    expect(byId.get(third.insertedId)).toBe(first.insertedId);
    expect(byId.get(elsewhere.insertedId)).toBeNull();
  });

  it('does not flag an application when the earlier one is more than 30 days old', async () => {
    const old = await apply({ email: 'returning@example.com' });
    await backdate(old.insertedId, 31);
    expect((await apply({ email: 'returning@example.com' })).duplicate).toBe(false);
  });
});
