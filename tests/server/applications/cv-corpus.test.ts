import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cvBlobs } from '../../../src/server/db/schema';
import { MAX_CV_BYTES } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import {
  pdfOfSize,
  pdfWithCatalogEntry,
  pdfWithEmbeddedFile,
  pdfWithHiddenJavaScriptName,
  pdfWithJavaScriptInObjectStream,
  pdfWithLaunchAction,
  pdfWithLowercaseHexJavaScriptName,
  pdfWithLowercaseHexLaunch,
  pdfWithNamedJavaScript,
  pdfWithOpenActionJavaScript,
  pdfWithPageAdditionalActionJavaScript,
  pdfWithUriOpenAction,
  pngBytes,
  toDataUrl,
  truncatedPdf,
  validPdf,
} from '../../support/pdf-fixtures';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';

let server: TestApp;
let token: string;
let jobId: string;
let valid: Buffer;
/** Built once: exactly 5 MiB, and one byte more. */
let atLimit: Buffer;
let overLimit: Buffer;

const submit = (pdfFile: string) =>
  server.api('POST', '/applications', {
    body: {
      name: 'Corpus Tester',
      email: 'corpus@example.com',
      phone: '07700 900456',
      number: '07700 900456',
      pdfFile,
      about: 'Cover letter.',
      jobTitle: 'Customer Service Advisor',
      jobName: 'Customer Service Advisor',
      jobId,
    },
  });

/** The raw CV download, read as bytes. */
const download = async (id: string) => {
  const response = await server.api('GET', `/applications/${id}/cv`, { token });
  expect(response.status).toBe(200);
  return response.bytes;
};

/** Rows and stored CVs, wherever the blob store keeps them (data-folder files, or cv_blobs). */
const storage = async () => {
  const rows = await server.context.applications.count();
  const dir = path.join(server.dataDir, 'cvs');
  const files = existsSync(dir) ? readdirSync(dir) : [];
  let blobs = files.length;
  if (server.context.blobs.kind === 'postgres') {
    const [row] = await server.context.database.db.select({ n: sql<number>`count(*)::int` }).from(cvBlobs);
    blobs = row?.n ?? 0;
  }
  return { rows, blobs, files };
};

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  const job = await server.api('POST', '/post', { token, body: sampleJob() });
  jobId = job.body.insertedId;
  valid = await validPdf();
  atLimit = await pdfOfSize(MAX_CV_BYTES);
  overLimit = await pdfOfSize(MAX_CV_BYTES + 1);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('accepted CVs are stored and returned byte for byte', () => {
  it('accepts an ordinary PDF with a link', async () => {
    const { status, body } = await submit(toDataUrl(valid));
    expect(status).toBe(201);
    expect(body).toEqual({
      success: true,
      insertedId: expect.any(String),
      duplicate: false,
      monitoringToken: expect.any(String),
    });
    expect((await download(body.insertedId)).equals(valid)).toBe(true);
  });

  it('accepts a PDF of exactly 5 MiB (5,242,880 bytes)', async () => {
    expect(atLimit.length).toBe(5_242_880);
    const { status, body } = await submit(toDataUrl(atLimit));
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    const detail = await server.api('GET', `/applications/${body.insertedId}`, { token });
    expect(detail.body).toMatchObject({ hasResume: true, pdfFileSize: 5_242_880, fileSize: 5_242_880 });
    expect((await download(body.insertedId)).equals(atLimit)).toBe(true);
  });

  it('accepts a PDF whose action opens a web address (/URI)', async () => {
    const pdf = pdfWithUriOpenAction();
    const { status, body } = await submit(toDataUrl(pdf));
    expect(status).toBe(201);
    expect((await download(body.insertedId)).equals(pdf)).toBe(true);
  });
});

describe('refused CVs leave nothing behind', () => {
  let before: Awaited<ReturnType<typeof storage>>;
  beforeAll(async () => {
    before = await storage();
  });

  const refusals: Array<[string, () => Promise<string> | string, number, string]> = [
    ['a PDF one byte over 5 MiB', () => toDataUrl(overLimit), 413, messages.cvTooLarge],
    ['a PNG sent with the PDF data-URL prefix', () => toDataUrl(pngBytes()), 400, messages.cvOnlyPdf],
    [
      'a PDF sent with an image data-URL prefix',
      () => toDataUrl(valid, 'data:image/png;base64,'),
      400,
      messages.cvOnlyPdf,
    ],
    [
      'a PDF sent as plain base64 without a data-URL prefix',
      () => valid.toString('base64'),
      400,
      messages.cvOnlyPdf,
    ],
    [
      'broken base64',
      () => 'data:application/pdf;base64,JVBERi0xLjcK%%%not*base64!!',
      400,
      messages.cvUnreadable,
    ],
    [
      'base64 with foreign characters, in a length that is a multiple of 4',
      () => toDataUrl(valid).slice(0, 400) + '*!-_' + toDataUrl(valid).slice(404),
      400,
      messages.cvUnreadable,
    ],
    ['base64 with a missing character', () => toDataUrl(valid).slice(0, -1), 400, messages.cvUnreadable],
    ['an empty data URL', () => 'data:application/pdf;base64,', 400, messages.cvOnlyPdf],
    ['a truncated PDF (its first half)', () => toDataUrl(truncatedPdf(valid)), 400, messages.cvUnreadable],
    [
      'text that only starts like a PDF',
      () => toDataUrl(Buffer.from('%PDF-1.7\nthis is not a PDF\n%%EOF\n')),
      400,
      messages.cvUnreadable,
    ],
    [
      'a PDF with /OpenAction JavaScript',
      () => toDataUrl(pdfWithOpenActionJavaScript()),
      400,
      messages.cvActiveContent,
    ],
    [
      'a PDF with /J#61vaScript (a hex-escaped name)',
      () => toDataUrl(pdfWithHiddenJavaScriptName()),
      400,
      messages.cvActiveContent,
    ],
    [
      'a PDF with /#4aavaScript (a lower-case hex escape)',
      () => toDataUrl(pdfWithLowercaseHexJavaScriptName()),
      400,
      messages.cvActiveContent,
    ],
    ['a PDF with a /Launch action', () => toDataUrl(pdfWithLaunchAction()), 400, messages.cvActiveContent],
    [
      'a PDF with a /#4caunch action (a lower-case hex escape)',
      () => toDataUrl(pdfWithLowercaseHexLaunch()),
      400,
      messages.cvActiveContent,
    ],
    ['a PDF with an /EmbeddedFile', () => toDataUrl(pdfWithEmbeddedFile()), 400, messages.cvActiveContent],
    [
      'a PDF with an /E#6dbeddedFile name tree (a lower-case hex escape)',
      () =>
        toDataUrl(
          pdfWithCatalogEntry('/Names << /E#6dbeddedFiles << /Names [(a.exe) << /Type /Filespec >>] >> >>'),
        ),
      400,
      messages.cvActiveContent,
    ],
    [
      'a PDF with a JavaScript page action (/AA)',
      () => toDataUrl(pdfWithPageAdditionalActionJavaScript()),
      400,
      messages.cvActiveContent,
    ],
    [
      'a PDF with document-level JavaScript in its name tree',
      () => toDataUrl(pdfWithNamedJavaScript()),
      400,
      messages.cvActiveContent,
    ],
    [
      'a PDF whose JavaScript action sits in a compressed object stream',
      async () => toDataUrl(await pdfWithJavaScriptInObjectStream()),
      400,
      messages.cvActiveContent,
    ],
  ];

  it.each(refusals)('refuses %s', async (_label, build, status, message) => {
    const answer = await submit(await build());
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ message });
  });

  it('really hides the object-stream JavaScript from a byte scan (the fixture is what it says)', async () => {
    const pdf = await pdfWithJavaScriptInObjectStream();
    expect(pdf.toString('latin1')).not.toContain('JavaScript');
    expect(pdf.toString('latin1')).toContain('/ObjStm');
  });

  it('refuses a request body beyond the route limit with the 5MB message', async () => {
    const huge = 'data:application/pdf;base64,' + 'A'.repeat(9 * 1024 * 1024);
    const answer = await submit(huge);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: messages.cvTooLarge });
  });

  it('kept no row and no CV of any refused upload', async () => {
    const after = await storage();
    expect(after.rows).toBe(before.rows);
    expect(after.blobs).toBe(before.blobs);
    expect(after.files).toEqual(before.files);
    expect(after.files.filter((entry) => !entry.endsWith('.pdf'))).toEqual([]);
  });
});
