import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { toDataUrl, validPdf } from './pdf-fixtures';
import { sampleJob, type TestServer } from './test-server';
import { SEEDED_REJECTION_REASONS } from '../../src/shared/response-times/response-times-contract';

/** Helpers for the hiring tests (stages, replies, counts): a job, applications, their trail. */

let cvDataUrl: string | undefined;
let counter = 0;

export async function createJob(
  server: TestServer,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const job = await server.api('POST', '/post', {
    token: await server.adminToken(),
    body: sampleJob(overrides),
  });
  expect(job.status).toBe(201);
  return job.body.insertedId as string;
}

/** Applies through the API, as an applicant would; answers the new application's id. */
export async function apply(
  server: TestServer,
  jobId: string,
  fields: { name?: string; email?: string } = {},
): Promise<string> {
  counter++;
  cvDataUrl ??= toDataUrl(await validPdf('Hiring Test CV'));
  const answer = await server.api('POST', '/applications', {
    body: {
      name: fields.name ?? `Applicant Number${counter}`,
      email: fields.email ?? `hiring.applicant${counter}@example.com`,
      phone: '07700 900123',
      about: `Cover letter ${counter}.`,
      jobId,
      pdfFile: cvDataUrl,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.insertedId as string;
}

/**
 * Stores `n` applications straight in the database, in one insert: for the tests that need a
 * thousand of them, which the intake (a PDF check each) would take minutes to take in.
 */
export async function storeApplications(
  server: TestServer,
  jobId: string,
  n: number,
  prefix = 'bulk',
): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, index) => ({
    id: randomUUID(),
    jobId,
    jobTitle: 'Customer Service Advisor',
    name: `${prefix} Applicant ${index}`,
    email: `${prefix}.applicant${index}@example.com`,
    phone: '07700 900123',
    about: 'Stored for a bulk test.',
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    await server.context.database.db.insert(applications).values(rows.slice(start, start + 1000));
  }
  return rows.map((row) => row.id);
}

export interface AuditRow {
  action: string;
  detail: string | null;
  actorEmail: string;
  createdAt: string;
}

export async function auditTrail(server: TestServer, id: string): Promise<AuditRow[]> {
  const answer = await server.api('GET', `/applications/${id}/audit`, { token: await server.adminToken() });
  expect(answer.status).toBe(200);
  return answer.body as AuditRow[];
}

/** The stage and its time as the admin list shows them, by id. */
export async function listedStages(
  server: TestServer,
): Promise<Map<string, { stage: string; stageChangedAt: string }>> {
  const list = await server.api('GET', '/applications', { token: await server.adminToken() });
  expect(list.status).toBe(200);
  return new Map(
    (list.body as Array<{ _id: string; stage: string; stageChangedAt: string }>).map((row) => [
      row._id,
      { stage: row.stage, stageChangedAt: row.stageChangedAt },
    ]),
  );
}

/** A rejection reason every database starts with: a move to Rejected needs one. */
export const A_REJECTION_REASON = SEEDED_REJECTION_REASONS[0]._id;
