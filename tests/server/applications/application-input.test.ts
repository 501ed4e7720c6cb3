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

describe('however the JSON is written, the CV taken is the one JSON.parse reads', () => {
  const application = async (pdfFile: string) => {
    const job = await server.api('POST', '/post', { token, body: sampleJob() });
    return {
      name: 'Format',
      email: 'format@example.com',
      phone: '01234 567890',
      about: 'Written another way',
      jobId: job.body.insertedId as string,
      pdfFile,
    };
  };
  const storedCv = async (id: string) => {
    const answer = await server.request('GET', `/api/applications/${id}/cv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    return answer.bytes;
  };

  it.each([
    ['with every / escaped as \\/ (as PHP writes JSON)', (body: string) => body.replace(/\//g, '\\/')],
    [
      'with only the slashes in its base64 escaped',
      (body: string) => body.replace(/base64,[^"]*/, (base64) => base64.replace(/\//g, '\\/')),
    ],
    ['with spaces around the colon', (body: string) => body.replace('"pdfFile":', '"pdfFile" :  ')],
    ['with the CV first and line breaks between fields', (body: string) => body.replace(/,"/g, ',\n  "')],
  ])('a CV sent %s is stored byte for byte', async (_, rewrite) => {
    const pdf = await validPdf('Escaped Applicant - CV');
    const { pdfFile, ...rest } = await application(toDataUrl(pdf));
    const body = rewrite(JSON.stringify({ pdfFile, ...rest }));
    const answer = await call(server, 'POST', '/api/applications', { body });
    expect(answer.status).toBe(201);
    expect((await storedCv(answer.body.insertedId as string)).equals(pdf)).toBe(true);
  });

  it('with pdfFile sent twice, the last one is the CV (a PDF after a non-PDF is taken, not the reverse)', async () => {
    const pdf = await validPdf('Twice Applicant - CV');
    const notPdf = toDataUrl(Buffer.from('not a PDF at all'));
    const fields = await application(toDataUrl(pdf));
    const twice = (first: string, last: string) =>
      JSON.stringify({ ...fields, pdfFile: first }).replace(/\}$/, `,"pdfFile":${JSON.stringify(last)}}`);
    const taken = await call(server, 'POST', '/api/applications', { body: twice(notPdf, toDataUrl(pdf)) });
    expect(taken.status).toBe(201);
    expect((await storedCv(taken.body.insertedId as string)).equals(pdf)).toBe(true);
    const refused = await call(server, 'POST', '/api/applications', { body: twice(toDataUrl(pdf), notPdf) });
    expectJsonError(refused, 400, messages.cvOnlyPdf);
  });

  it('a control character inside the data URL is a JSON error, other strays in the base64 make the CV unreadable', async () => {
    const dataUrl = toDataUrl(await validPdf());
    const middle = Math.floor(dataUrl.length / 2);
    const withRaw = async (inserted: string) => {
      const json = JSON.stringify(await application('MARK')).replace(
        '"MARK"',
        `"${dataUrl.slice(0, middle)}${inserted}${dataUrl.slice(middle + inserted.length)}"`,
      );
      return call(server, 'POST', '/api/applications', { body: json });
    };
    expectJsonError(await withRaw('\u0001'), 400, messages.badJson);
    expectJsonError(await withRaw('*'), 400, messages.cvUnreadable);
    expectJsonError(await withRaw('-'), 400, messages.cvUnreadable);
  });
});

describeNoLeaks(3);
