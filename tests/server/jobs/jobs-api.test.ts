import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';

let server: TestApp;
beforeAll(async () => {
  server = await buildTestApp();
});
afterAll(async () => {
  await server?.stop();
});

describe('job posts', () => {
  it('lists no posts on a fresh database', async () => {
    const { status, body } = await server.api('GET', '/all');
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('creates a post as admin, stamping the creator and the publish date from the server', async () => {
    const token = await server.adminToken();
    const created = await server.api('POST', '/post', {
      token,
      body: { ...sampleJob(), postCreator: 'someone-else@example.com', publishTime: 'yesterday' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });

    const single = await server.api('GET', `/single/${created.body.insertedId}`, { token });
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({
      _id: created.body.insertedId,
      jobTitle: 'Customer Service Advisor',
      postCreator: 'admin@example.com',
      responsibilities: ['Answer calls', 'Explain quotes'],
    });
    expect(single.body.publishTime).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('keeps a well-formed publish date sent by the form and drops blank list entries', async () => {
    const token = await server.adminToken();
    const created = await server.api('POST', '/post', {
      token,
      body: sampleJob({
        publishTime: '01/15/2026',
        responsibilities: ['', '  '],
        requirements: ['Driving licence', ''],
      }),
    });
    const { body } = await server.api('GET', `/single/${created.body.insertedId}`);
    expect(body.publishTime).toBe('01/15/2026');
    expect(body.responsibilities).toEqual([]);
    expect(body.requirements).toEqual(['Driving licence']);
  });

  it('refuses a post with a missing field, naming it', async () => {
    const token = await server.adminToken();
    const { status, body } = await server.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: '   ' }),
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Job title is required.');
  });

  it('updates a post, recording who edited it and when', async () => {
    const token = await server.adminToken();
    const created = await server.api('POST', '/post', { token, body: sampleJob() });
    const id = created.body.insertedId;
    const updated = await server.api('PUT', `/post/${id}`, {
      token,
      body: { ctc: '£30,000', lastEditUser: 'spoof@example.com', editTime: 'x' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const { body } = await server.api('GET', `/single/${id}`, { token });
    expect(body.ctc).toBe('£30,000');
    expect(body.jobTitle).toBe('Customer Service Advisor');
    expect(body.lastEditUser).toBe('admin@example.com');
    expect(body.editTime).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('an update that sends one field changes that field only: lists and closing date stay as they are', async () => {
    const token = await server.adminToken();
    const closingDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(Date.now() + 30 * 86_400_000),
    );
    const { body: created } = await server.api('POST', '/post', {
      token,
      body: sampleJob({ closingDate }),
    });
    const before = (await server.api('GET', `/single/${created.insertedId}`, { token })).body;
    const update = await server.api('PUT', `/post/${created.insertedId}`, {
      token,
      body: { jobTitle: 'New' },
    });
    expect(update.status).toBe(200);
    const after = (await server.api('GET', `/single/${created.insertedId}`, { token })).body;
    expect(after).toEqual({
      ...before,
      jobTitle: 'New',
      lastEditUser: 'admin@example.com',
      editTime: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(after.responsibilities).toEqual(['Answer calls', 'Explain quotes']);
    expect(after.requirements).toEqual(['Clear spoken English', 'A second language is a plus']);
    expect(after.closingDate).toBe(closingDate);

    // Lists sent are still replaced, and an empty list still empties one.
    await server.api('PUT', `/post/${created.insertedId}`, { token, body: { requirements: [] } });
    const emptied = (await server.api('GET', `/single/${created.insertedId}`)).body;
    expect(emptied.requirements).toEqual([]);
    expect(emptied.responsibilities).toEqual(['Answer calls', 'Explain quotes']);
  });

  it('refuses to blank a saved field on update and keeps the saved value', async () => {
    const token = await server.adminToken();
    const { body: created } = await server.api('POST', '/post', { token, body: sampleJob() });
    const update = await server.api('PUT', `/post/${created.insertedId}`, { token, body: { jobTitle: '' } });
    expect(update.status).toBe(400);
    const { body } = await server.api('GET', `/single/${created.insertedId}`);
    expect(body.jobTitle).toBe('Customer Service Advisor');
  });

  it('never shows visitors who created or edited a post; administrators still see it', async () => {
    const token = await server.adminToken();
    const { body: created } = await server.api('POST', '/post', { token, body: sampleJob() });
    const id = created.insertedId as string;
    await server.api('PUT', `/post/${id}`, { token, body: { ctc: '£31,000' } });
    const bookkeeping = ['postCreator', 'lastEditUser', 'editTime'];

    const single = (await server.api('GET', `/single/${id}`)).body;
    expect(single).toMatchObject({ _id: id, ctc: '£31,000', responsibilities: expect.any(Array) });
    const list = (await server.api('GET', '/all')).body as Record<string, unknown>[];
    const listed = list.find((job) => job._id === id)!;
    expect(listed).toMatchObject({ _id: id, ctc: '£31,000' });
    // A token that is not an administrator's, or include=closed without one, changes nothing.
    const closedList = (await server.api('GET', '/all?include=closed')).body as Record<string, unknown>[];
    for (const job of [single, listed, ...list, ...closedList]) {
      for (const key of bookkeeping) expect(job, key).not.toHaveProperty(key);
    }
    const raw = (await server.request('GET', '/api/all')).bytes.toString();
    expect(raw).not.toContain('admin@example.com');

    const adminSingle = (await server.api('GET', `/single/${id}`, { token })).body;
    expect(adminSingle).toMatchObject({
      postCreator: 'admin@example.com',
      lastEditUser: 'admin@example.com',
      editTime: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    });
    const adminList = (await server.api('GET', '/all?include=closed', { token })).body as Record<
      string,
      unknown
    >[];
    expect(adminList.find((job) => job._id === id)).toMatchObject({ postCreator: 'admin@example.com' });
  });

  it('deletes a post; a second delete and lookups answer 404', async () => {
    const token = await server.adminToken();
    const { body: created } = await server.api('POST', '/post', { token, body: sampleJob() });
    const removed = await server.api('DELETE', `/post/${created.insertedId}`, { token });
    expect(removed.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await server.api('DELETE', `/post/${created.insertedId}`, { token })).status).toBe(404);
    const lookup = await server.api('GET', `/single/${created.insertedId}`);
    expect(lookup.status).toBe(404);
    expect(lookup.body).toEqual({ message: 'Job post not found.' });
  });

  it('answers 404, not 500, for ids that are not ids', async () => {
    const token = await server.adminToken();
    expect((await server.api('GET', '/single/not-an-id')).status).toBe(404);
    expect((await server.api('PUT', '/post/123', { token, body: { ctc: 'x' } })).status).toBe(404);
    expect((await server.api('DELETE', '/post/%27%3B--', { token })).status).toBe(404);
  });

  it('lists posts newest first', async () => {
    const token = await server.adminToken();
    await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Older' }) });
    await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Newer' }) });
    const { body } = await server.api('GET', '/all');
    const titles = body.map((job: { jobTitle: string }) => job.jobTitle);
    expect(titles.indexOf('Newer')).toBeLessThan(titles.indexOf('Older'));
  });
});
