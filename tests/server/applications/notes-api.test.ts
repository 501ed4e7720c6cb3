import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';

let server: TestApp;
let applicationId: string;

beforeAll(async () => {
  server = await buildTestApp();
  const token = await server.adminToken();
  const job = await server.api('POST', '/post', { token, body: sampleJob() });
  const applied = await server.api('POST', '/applications', {
    body: {
      name: 'Nina Notes',
      email: 'nina@example.com',
      phone: '07700 900123',
      about: 'Cover letter',
      pdfFile: toDataUrl(await validPdf()),
      jobId: job.body.insertedId,
      jobTitle: 'Customer Service Advisor',
    },
  });
  applicationId = applied.body.insertedId;
});
afterAll(async () => {
  await server?.stop();
});

describe('application notes', () => {
  it('starts empty, keeps notes in order with their author and time', async () => {
    const token = await server.adminToken();
    expect((await server.api('GET', `/applications/${applicationId}/notes`, { token })).body).toEqual([]);

    const first = await server.api('POST', `/applications/${applicationId}/notes`, {
      token,
      body: { body: '  Strong phone manner.  ', authorEmail: 'spoof@example.com' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      applicationId,
      body: 'Strong phone manner.',
      authorEmail: 'admin@example.com',
      authorName: 'Ada Admin',
    });
    expect(Date.parse(first.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    await server.api('POST', `/applications/${applicationId}/notes`, {
      token,
      body: { body: 'Invite to interview' },
    });

    const { body } = await server.api('GET', `/applications/${applicationId}/notes`, { token });
    expect(body.map((note: { body: string }) => note.body)).toEqual([
      'Strong phone manner.',
      'Invite to interview',
    ]);
  });

  it('refuses an empty note and notes on unknown applications', async () => {
    const token = await server.adminToken();
    const empty = await server.api('POST', `/applications/${applicationId}/notes`, {
      token,
      body: { body: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Write a note first.');
    const unknown = await server.api('POST', '/applications/00000000-0000-4000-8000-000000000000/notes', {
      token,
      body: { body: 'x' },
    });
    expect(unknown.status).toBe(404);
    expect((await server.api('GET', '/applications/nope/notes', { token })).status).toBe(404);
  });

  it('is for administrators only', async () => {
    expect((await server.api('GET', `/applications/${applicationId}/notes`)).status).toBe(401);
    const post = await server.api('POST', `/applications/${applicationId}/notes`, { body: { body: 'x' } });
    expect(post.status).toBe(401);
  });

  it('goes with the application when it is deleted', async () => {
    const token = await server.adminToken();
    await server.api('DELETE', `/applications/${applicationId}`, { token });
    expect((await server.api('GET', `/applications/${applicationId}/notes`, { token })).status).toBe(404);
  });
});
