import { expect } from 'vitest';
import type { TeamRole } from '../../src/shared/team/team-contract';
import type { TestApp } from './build-app';
import { toDataUrl, validPdf } from './pdf-fixtures';
import { sampleJob } from './test-server';

/**
 * A hiring team set up through the admin calls, as an administrator would: two jobs, applications
 * in each, a hiring manager of each job, an interviewer of one application and one of another,
 * spare members for the calls that change assignments, and a plain registered account.
 */

export interface Person {
  id: string;
  email: string;
  name: string;
}

/** What each applicant wrote: none of it may reach anyone without access to their application. */
export const APPLICANTS = {
  a1: {
    name: 'Priya Applicant',
    email: 'priya.applicant@example.com',
    about: 'Cover letter of Priya: confidential.',
  },
  a2: { name: 'Omar Otherapp', email: 'omar.otherapp@example.com', about: 'Cover letter of Omar.' },
  b1: { name: 'Beth Elsewhere', email: 'beth.elsewhere@example.com', about: 'Cover letter of Beth.' },
} as const;
export const NOTE_ON_A1 = 'Internal note on Priya: call back on Monday.';

export interface HiringTeam {
  server: TestApp;
  adminToken: string;
  jobA: string;
  jobB: string;
  /** Job A's applications (a1, a2) and job B's (b1). */
  a1: string;
  a2: string;
  b1: string;
  hmA: Person;
  hmB: Person;
  /** Interviews a1; `ivA2` interviews a2 (same job, another application). */
  ivA1: Person;
  ivA2: Person;
  /** Members no fixture leans on, for the calls that add and end assignments. */
  spareHm: Person;
  spareIv: Person;
  plain: Person;
  /** A fresh token of the account as it stands now (a sign-out everywhere ends the older ones). */
  token(person: Person): Promise<string>;
}

let cv: string | undefined;

export async function applyTo(
  server: TestApp,
  jobId: string,
  applicant: { name: string; email: string; about: string },
): Promise<string> {
  cv ??= toDataUrl(await validPdf('Hiring Team CV'));
  const answer = await server.api('POST', '/applications', {
    body: { ...applicant, phone: '+44 7700 900123', jobId, pdfFile: cv },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.insertedId as string;
}

export async function createJob(server: TestApp, adminToken: string, title: string): Promise<string> {
  const job = await server.api('POST', '/post', { token: adminToken, body: sampleJob({ jobTitle: title }) });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  return job.body.insertedId as string;
}

let invited = 0;
export async function invite(
  server: TestApp,
  adminToken: string,
  role: TeamRole,
  label: string,
): Promise<Person> {
  const email = `${label}-${++invited}-${Date.now()}@example.com`;
  const name = `${label} Person`;
  const answer = await server.api('POST', '/team-members', {
    token: adminToken,
    body: { name, email, role },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.insertedId as string, email, name };
}

export async function assignJob(
  server: TestApp,
  adminToken: string,
  person: Person,
  jobId: string,
  mayDecide = false,
) {
  const answer = await server.api('PUT', `/team-members/${person.id}/jobs/${jobId}`, {
    token: adminToken,
    body: { mayDecide },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

export async function assignInterviewer(
  server: TestApp,
  adminToken: string,
  person: Person,
  applicationId: string,
) {
  const answer = await server.api('PUT', `/applications/${applicationId}/interviewers/${person.id}`, {
    token: adminToken,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A fresh token for the account as it stands: issued by the server's own token service. */
export async function tokenFor(server: TestApp, person: Person): Promise<string> {
  const user = await server.context.users.findById(person.id);
  expect(user, person.email).toBeDefined();
  return server.context.tokens.issue(user!);
}

export async function setUpHiringTeam(server: TestApp): Promise<HiringTeam> {
  const adminToken = await server.adminToken();
  const jobA = await createJob(server, adminToken, 'Claims Handler');
  const jobB = await createJob(server, adminToken, 'Data Analyst');
  const a1 = await applyTo(server, jobA, APPLICANTS.a1);
  const a2 = await applyTo(server, jobA, APPLICANTS.a2);
  const b1 = await applyTo(server, jobB, APPLICANTS.b1);
  const note = await server.api('POST', `/applications/${a1}/notes`, {
    token: adminToken,
    body: { body: NOTE_ON_A1 },
  });
  expect(note.status).toBe(201);

  const hmA = await invite(server, adminToken, 'hiring-manager', 'hm-a');
  const hmB = await invite(server, adminToken, 'hiring-manager', 'hm-b');
  const ivA1 = await invite(server, adminToken, 'interviewer', 'iv-a1');
  const ivA2 = await invite(server, adminToken, 'interviewer', 'iv-a2');
  const spareHm = await invite(server, adminToken, 'hiring-manager', 'spare-hm');
  const spareIv = await invite(server, adminToken, 'interviewer', 'spare-iv');
  await assignJob(server, adminToken, hmA, jobA);
  await assignJob(server, adminToken, hmB, jobB);
  await assignInterviewer(server, adminToken, ivA1, a1);
  await assignInterviewer(server, adminToken, ivA2, a2);

  const plainEmail = `plain-${Date.now()}@example.com`;
  const registered = await server.api('POST', '/register', {
    body: { name: 'Plain User', email: plainEmail, password: 'plain-secret' },
  });
  expect(registered.status).toBe(201);
  const plain = { id: registered.body.insertedId as string, email: plainEmail, name: 'Plain User' };

  return {
    server,
    adminToken,
    jobA,
    jobB,
    a1,
    a2,
    b1,
    hmA,
    hmB,
    ivA1,
    ivA2,
    spareHm,
    spareIv,
    plain,
    token: (person) => tokenFor(server, person),
  };
}
