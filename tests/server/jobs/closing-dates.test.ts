import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingDateMessages } from '../../../src/shared/jobs/closing-date';
import { messages } from '../../../src/shared/messages';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';
import { londonDateIn } from '../../support/london-date';

let server: TestApp;
let token: string;
let cv: string;

const application = (jobId: string) => ({
  name: 'Casey Late',
  email: 'casey.late@example.com',
  phone: '07700 900555',
  number: '07700 900555',
  pdfFile: cv,
  about: 'I would like to apply.',
  jobTitle: 'x',
  jobName: 'x',
  jobId,
});

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  cv = toDataUrl(await validPdf());
});
afterAll(async () => {
  await server?.stop();
});

describe('closing dates', () => {
  it('a new post may close today or later, never in the past, and the date must be real', async () => {
    const today = await server.api('POST', '/post', {
      token,
      body: sampleJob({ closingDate: londonDateIn(0) }),
    });
    expect(today.status).toBe(201);
    const job = await server.api('GET', `/single/${today.body.insertedId}`);
    expect(job.body).toMatchObject({ closingDate: londonDateIn(0), closed: false });

    for (const [closingDate, message] of [
      [londonDateIn(-1), closingDateMessages.past],
      ['2026-02-30', closingDateMessages.invalid],
      ['31/12/2030', closingDateMessages.invalid],
    ] as const) {
      const refused = await server.api('POST', '/post', { token, body: sampleJob({ closingDate }) });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }

    const none = await server.api('POST', '/post', { token, body: sampleJob() });
    expect((await server.api('GET', `/single/${none.body.insertedId}`)).body).toMatchObject({
      closingDate: null,
      closed: false,
    });
  });

  it('past its closing date a job leaves the public list, stays visible to admins, and refuses applications', async () => {
    const created = await server.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: 'Soon Closed', closingDate: londonDateIn(5) }),
    });
    const id = created.body.insertedId as string;
    expect((await server.api('POST', '/applications', { body: application(id) })).status).toBe(201);

    // An edit may move the date into the past: that closes the post.
    const closed = await server.api('PUT', `/post/${id}`, { token, body: { closingDate: londonDateIn(-2) } });
    expect(closed.status).toBe(200);

    const publicList = (await server.api('GET', '/all')).body as Array<{ _id: string }>;
    expect(publicList.map((job) => job._id)).not.toContain(id);
    const adminList = await server.api('GET', '/all?include=closed', { token });
    expect(adminList.status).toBe(200);
    expect(adminList.body.find((job: { _id: string }) => job._id === id)).toMatchObject({ closed: true });
    // Without an administrator's token the flag is not granted: the public list, never a refusal.
    for (const anonymous of [undefined, 'not-a-token']) {
      const answer = await server.api('GET', '/all?include=closed', { token: anonymous });
      expect(answer.status).toBe(200);
      expect(answer.body.map((job: { _id: string }) => job._id)).not.toContain(id);
    }

    const single = await server.api('GET', `/single/${id}`);
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ closed: true, closingDate: londonDateIn(-2) });

    const before = (await server.api('GET', '/applications', { token })).body.length;
    const refused = await server.api('POST', '/applications', { body: application(id) });
    expect(refused.status).toBe(410);
    expect(refused.body.message).toMatch(
      new RegExp(`^${messages.jobNoLongerOpen} Applications closed on \\d{1,2} \\w+ \\d{4}\\.$`),
    );
    expect((await server.api('GET', '/applications', { token })).body.length).toBe(before);

    // Clearing the date opens it again.
    const reopened = await server.api('PUT', `/post/${id}`, { token, body: { closingDate: '' } });
    expect(reopened.status).toBe(200);
    expect((await server.api('GET', `/single/${id}`)).body).toMatchObject({
      closingDate: null,
      closed: false,
    });
    expect((await server.api('POST', '/applications', { body: application(id) })).status).toBe(201);
  });

  it('refuses applications to unknown job ids with a clear message', async () => {
    for (const jobId of ['00000000-0000-4000-8000-000000000000', 'not-a-job']) {
      const refused = await server.api('POST', '/applications', { body: application(jobId) });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: messages.jobNotFound });
    }
  });
});
