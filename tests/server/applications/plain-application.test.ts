import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../src/server/db/schema';
import { plainApplyMessages } from '../../../src/shared/applications/application-contract';
import { messages } from '../../../src/shared/messages';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/site/privacy-notice';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { validPdf } from '../../support/pdf-fixtures';
import { sampleJob } from '../../support/test-server';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';

/**
 * Applying without JavaScript (docs/behaviour.md#applying-without-javascript): the job page's form
 * sent by the browser itself, as multipart with the CV as a file part and each answer as its own
 * part, gets the site's pages, and the application keeps the visit's source; an API client still
 * gets JSON.
 */
const KNOCK_OUT = 'We can only consider applicants who already have the right to work in the UK.';
const questions = [
  {
    id: 'right-to-work',
    type: 'yes-no',
    label: 'Do you have the right to work in the UK?',
    purpose: 'We must check it before anyone starts.',
    required: true,
    knockOut: { answers: ['no'], message: KNOCK_OUT },
  },
  {
    id: 'languages',
    type: 'several-of',
    label: 'Which languages do you speak?',
    purpose: 'Our customers are served in these languages.',
    options: ['Urdu', 'Bengali', 'Punjabi'],
  },
  {
    id: 'years',
    type: 'number',
    label: 'How many years have you worked with customers?',
    purpose: 'To place you on the right training.',
  },
];
/** What a browser sends: it names HTML, and takes anything else at a lower weight. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let server: TestApp;
let token: string;
let jobId: string;
let questionSetId: string;
let cv: Buffer;
const webDir = fakeWebBuild();
let counter = 0;

beforeAll(async () => {
  server = await buildTestApp({ WEB_DIST_DIR: webDir }, { serveWeb: true });
  token = await server.adminToken();
  cv = await validPdf('Amara Okafor - Curriculum Vitae');
  const job = await server.api('POST', '/post', { token, body: sampleJob({ questions }) });
  jobId = job.body.insertedId as string;
  questionSetId = (await server.api('GET', `/single/${jobId}`)).body.questionSetId as string;
  const link = await server.api('POST', '/tracking-links', {
    token,
    body: { kind: 'event', name: 'Leeds Careers Fair' },
  });
  expect(link.body.code).toBe('leeds-careers-fair');
}, 60_000);
afterAll(async () => {
  await server?.stop();
  removeFakeWebBuild(webDir);
});

/** The job page's form as a browser sends it: every control by its name, the CV a file part. */
function plainForm(answers: [string, string][], file: Buffer = cv): { body: FormData; email: string } {
  const email = `amara.${++counter}@example.com`;
  const body = new FormData();
  const fields: [string, string][] = [
    ['source', 'leeds-careers-fair'],
    ['jobId', jobId],
    ['privacyNoticeVersion', PRIVACY_NOTICE_VERSION],
    ['questionSetId', questionSetId],
    ['name', 'Amara Okafor'],
    ['email', email],
    ['phone', '07700 900789'],
    ['about', 'I have five years on a motor insurance helpline.'],
    ...answers,
    ['heardAbout', 'event'],
    ['adjustments', ''],
  ];
  for (const [name, value] of fields) body.append(name, value);
  body.append('pdfFile', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'cv.pdf');
  return { body, email };
}
const send = (body: FormData, accept = BROWSER) =>
  server.api('POST', '/applications', { body, headers: { accept } });
const storedFor = (email: string) =>
  server.context.database.db
    .select({ id: applications.id, source: applications.source, heardAbout: applications.heardAbout })
    .from(applications)
    .where(eq(applications.email, email));
const pageOf = (answer: { headers: Headers; bytes: Buffer }) => {
  expect(answer.headers.get('content-type')).toContain('text/html');
  return answer.bytes.toString('utf8');
};

describe('an application sent by the browser’s own form, without the app', () => {
  it('gets the confirmation page, and is stored with its source and typed answers', async () => {
    const { body, email } = plainForm([
      ['answers.right-to-work', 'yes'],
      ['answers.languages', 'Urdu'],
      ['answers.languages', 'Punjabi'],
      ['answers.years', '5'],
    ]);
    const answer = await send(body);
    expect(answer.status).toBe(201);
    const page = pageOf(answer);
    expect(page).toContain(`<title>${plainApplyMessages.submittedTitle} |`);
    expect(page).toContain('A confirmation e-mail is on its way');
    const [stored] = await storedFor(email);
    expect(stored).toMatchObject({ source: 'leeds-careers-fair', heardAbout: 'event' });
    // The private link is e-mailed alone: the page names no application.
    expect(page).not.toContain(stored!.id);
    const detail = await server.api('GET', `/applications/${stored!.id}`, { token });
    expect(detail.body.answers).toEqual([
      expect.objectContaining({ id: 'right-to-work', answer: true }),
      expect.objectContaining({ id: 'languages', answer: ['Urdu', 'Punjabi'] }),
      expect.objectContaining({ id: 'years', answer: 5 }),
    ]);
  });

  it('gets a page in the API’s words, with the way back to the job and its marker, and nothing is stored', async () => {
    const notPdf = plainForm([['answers.right-to-work', 'yes']], Buffer.from('just some text'));
    const refused = await send(notPdf.body);
    expect(refused.status).toBe(400);
    const page = pageOf(refused);
    expect(page).toContain(`<title>${plainApplyMessages.refusedTitle} |`);
    expect(page).toContain(JSON.stringify(messages.cvOnlyPdf).slice(1, -1));
    expect(page).toContain(`"href":"/apply/${jobId}?src=leeds-careers-fair"`);
    expect(await storedFor(notPdf.email)).toEqual([]);

    const knockedOut = plainForm([['answers.right-to-work', 'no']]);
    const reply = await send(knockedOut.body);
    expect(reply.status).toBe(422);
    expect(pageOf(reply)).toContain(KNOCK_OUT);
    expect(await storedFor(knockedOut.email)).toEqual([]);
  });

  it('still answers an API client the JSON it always has', async () => {
    const notPdf = plainForm([['answers.right-to-work', 'yes']], Buffer.from('just some text'));
    const refused = await send(notPdf.body, 'application/json');
    expect([refused.status, refused.headers.get('content-type'), refused.body]).toEqual([
      400,
      expect.stringContaining('application/json'),
      { message: messages.cvOnlyPdf },
    ]);
    const { body, email } = plainForm([['answers.right-to-work', 'yes']]);
    const saved = await send(body, 'application/json');
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ success: true, insertedId: (await storedFor(email))[0]!.id });
  });
});
