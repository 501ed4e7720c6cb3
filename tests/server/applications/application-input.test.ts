import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_APPLICATION_BODY_BYTES } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import { answerLog, expectJsonError } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob } from '../../support/test-server';

/** POST /api/applications with bodies that are too big, hostile or unusual. */

const { call, describeNoLeaks } = answerLog();

let server: TestApp;
let token: string;
beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
});

describe('body limits of POST /api/applications', () => {
  it('refuses more than 8 MiB on POST /api/applications with 413 and the CV size message', async () => {
    const answer = await call(server, 'POST', '/api/applications', {
      body: JSON.stringify({
        name: 'Big',
        email: 'big@example.com',
        phone: '01234 567890',
        about: 'Too big',
        jobId: '00000000-0000-4000-8000-000000000000',
        pdfFile: 'data:application/pdf;base64,' + 'A'.repeat(MAX_APPLICATION_BODY_BYTES),
      }),
    });
    expectJsonError(answer, 413, 'File size should be less than or equal to 5MB.');
  });

  it('lets POST /api/applications take more than 1 MiB (a CV of a few MB is reached and checked)', async () => {
    const job = await server.api('POST', '/post', { token, body: sampleJob() });
    const answer = await call(server, 'POST', '/api/applications', {
      body: JSON.stringify({
        name: 'Mid',
        email: 'mid@example.com',
        phone: '01234 567890',
        about: 'A 2 MiB body',
        jobId: job.body.insertedId,
        pdfFile: 'data:application/pdf;base64,' + 'A'.repeat(2 * 1024 * 1024),
      }),
    });
    expectJsonError(answer, 400, messages.cvOnlyPdf);
  });
});

describe('bad input to POST /api/applications is a 4xx JSON answer, never a 500', () => {
  it('an application with a __proto__ or constructor.prototype key is refused with 400 and stores nothing', async () => {
    const job = await server.api('POST', '/post', { token, body: sampleJob() });
    const fields = {
      name: 'Proto',
      email: 'proto-apply@example.com',
      phone: '01234 567890',
      about: 'Hello',
      pdfFile: toDataUrl(await validPdf()),
      jobId: job.body.insertedId as string,
    };
    const before = (await server.api('GET', '/applications', { token })).body.length;
    for (const extra of ['"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}']) {
      const body = JSON.stringify(fields).replace(/^\{/, `{${extra},`);
      expectJsonError(await call(server, 'POST', '/api/applications', { body }), 400, messages.badJson);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect((await server.api('GET', '/applications', { token })).body.length).toBe(before);
  });

  it('an application with text beyond ASCII keeps every character', async () => {
    const job = await server.api('POST', '/post', { token, body: sampleJob() });
    const about = 'Zoë Łukasiewicz, 日本語 and emoji 🎉 — all kept';
    const created = await server.api('POST', '/applications', {
      body: {
        name: 'Zoë Brontë',
        email: 'zoe@example.com',
        phone: '01234 567890',
        about,
        pdfFile: toDataUrl(await validPdf()),
        jobId: job.body.insertedId,
      },
    });
    expect(created.status).toBe(201);
    const stored = await server.api('GET', `/applications/${created.body.insertedId}`, { token });
    expect(stored.body.name).toBe('Zoë Brontë');
    expect(stored.body.about).toBe(about);
  });
});

describeNoLeaks(3);
