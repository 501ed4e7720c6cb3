import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs as jobRows } from '../../../src/server/db/schema';
import { fakeWebBuild, realPrerender, removeFakeWebBuild } from '../../support/web-template';
import { countReplays, sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * Job pages (/apply/:id) are prerendered like the careers home page, with the app's real prerender
 * (src/web/prerender.tsx, loaded from the sources): the job's title and description are in the
 * page's root, not only in its JobPosting data, for visitors without script and for crawlers.
 */

const prerenderModule = realPrerender();

let server: TestServer;
let token: string;
let webDir: string;
let replays: { count(): number };

beforeAll(async () => {
  webDir = fakeWebBuild({ prerender: prerenderModule });
  server = await startTestServer({ WEB_DIST_DIR: webDir }, { serveWeb: true });
  token = await server.adminToken();
  replays = countReplays(server);
  // The first page loads the prerender, compiled from the sources here: slow, so done before the tests.
  expect((await fetch(`${server.url}/`)).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  removeFakeWebBuild(webDir);
});

const createJob = async (overrides: Record<string, unknown> = {}) => {
  const created = await server.api('POST', '/post', { token, body: sampleJob(overrides) });
  expect(created.status).toBe(201);
  return created.body.insertedId as string;
};

async function page(pathname: string) {
  const response = await fetch(`${server.url}${pathname}`);
  const html = await response.text();
  const document = new JSDOM(html).window.document;
  return { status: response.status, root: document.getElementById('root')!, document };
}

describe('a job page prerendered on the server', () => {
  it('has the job, its description and its form in the root, and the home page still has its jobs', async () => {
    const id = await createJob({
      jobTitle: 'Drawn Claims Handler',
      description: 'Settle home insurance claims fairly and quickly.',
      responsibilities: ['Call policyholders back the same day'],
      publishTime: '03/01/2026',
    });
    const { status, root } = await page(`/apply/${id}`);
    expect(status).toBe(200);
    expect(root.querySelector('h1')?.textContent).toBe('Apply for Drawn Claims Handler');
    expect(root.textContent).toContain('Settle home insurance claims fairly and quickly.');
    expect(root.textContent).toContain('Call policyholders back the same day');
    // Stored as the specification writes it, drawn UK style: 1 March, not 3 January.
    expect(root.textContent).toContain('Posted: 1 March 2026');
    expect(root.textContent).not.toContain('03/01/2026');
    expect(root.querySelector('#apply-name')).not.toBeNull();
    expect(root.textContent).not.toContain('Loading');
    // The app waits for the visitor's first interaction, as on the home page.
    expect(root.getAttribute('data-start')).toBe('interaction');

    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.root.textContent).toContain('Drawn Claims Handler');
  });

  it('shows the new title at once after the job is edited', async () => {
    const id = await createJob({ jobTitle: 'Claims Handler Before' });
    expect((await page(`/apply/${id}`)).root.querySelector('h1')?.textContent).toBe(
      'Apply for Claims Handler Before',
    );
    // Kept and repeated as the same bytes while the job is unchanged...
    const before = replays.count();
    await expect
      .poll(async () => (await page(`/apply/${id}`)).status === 200 && replays.count() > before)
      .toBe(true);
    // ...and never once the job has changed.
    const edited = await server.api('PUT', `/post/${id}`, {
      token,
      body: { jobTitle: 'Claims Handler After' },
    });
    expect(edited.status).toBe(200);
    const after = await page(`/apply/${id}`);
    expect(after.root.querySelector('h1')?.textContent).toBe('Apply for Claims Handler After');
    expect(after.root.textContent).not.toContain('Claims Handler Before');
    expect(after.document.title).toContain('Claims Handler After');
  });

  it('draws a job stored before control characters were refused with none in its HTML, as its data says', async () => {
    const id = await createJob({ jobTitle: 'Control Claims Handler' });
    // As a row written before the rule: a vertical tab from Word, a bell, and C1 controls.
    await server.context.database.db
      .update(jobRows)
      .set({
        jobTitle: 'Control Claims\u0085 Handler',
        description: 'Settle claims\u000Bfairly\u0007 and \u009B2Jquickly.',
      })
      .where(eq(jobRows.id, id));
    server.context.changes.publish('jobs');
    // What HTML counts as a parse error: control characters other than tab and line breaks.
    const control = /(?![\t\n\r])\p{Cc}/u;
    await expect
      .poll(async () => (await (await fetch(`${server.url}/apply/${id}`)).text()).includes('2Jquickly'))
      .toBe(true);
    for (const pathname of [`/apply/${id}`, '/']) {
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      expect(html, pathname).not.toMatch(control);
      const { root, document } = await page(pathname);
      expect(root.textContent, pathname).toContain('Control Claims Handler');
      // The app starts from the inlined data: it says what the markup says.
      const data = JSON.parse(document.getElementById('initial-data')!.textContent!);
      const job = data.job ?? data.jobs.find((each: { _id: string }) => each._id === id);
      expect(job.jobTitle, pathname).toBe('Control Claims Handler');
      expect(job.description, pathname).toBe('Settle claims\nfairly and 2Jquickly.');
    }
    expect((await page(`/apply/${id}`)).root.textContent).toContain('Settle claims\nfairly and 2Jquickly.');
  });

  it('draws a closed job with its notice, and leaves an unknown job to the app with a 404', async () => {
    const closedOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(Date.now() - 86_400_000),
    );
    const id = await createJob({ jobTitle: 'Closed Claims Handler' });
    await server.api('PUT', `/post/${id}`, { token, body: { closingDate: closedOn } });
    const closed = await page(`/apply/${id}`);
    expect(closed.status).toBe(200);
    expect(closed.root.textContent).toContain('Closed Claims Handler');
    expect(closed.root.textContent).toContain('Applications closed on');
    expect(closed.root.querySelector('form')).toBeNull();

    const unknown = await page('/apply/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.root.children).toHaveLength(0);
  });
});
