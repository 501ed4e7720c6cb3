import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { pageTitles } from '../../../src/shared/site/page-titles';
import { siteConfig } from '../../../src/shared/site/site-config';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { fakeWebBuild, realPrerender, removeFakeWebBuild } from '../../support/web-template';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';
import { createDrawnPages } from '../../../src/server/site/drawn-pages';
import { createRepresentation } from '../../../src/server/http/representation';

/**
 * The public pages the server draws (the careers home, About, Contact, the privacy notice, the
 * job pages) are kept drawn until what they show changes, however long nobody asks: after a quiet
 * spell the next visitor gets the kept page at once, with no prerender on their request, and a
 * change of the jobs has the pages drawn again in the background, before anyone asks.
 */

let server: TestServer | undefined;
let webDir: string | undefined;
afterEach(async () => {
  await server?.stop();
  if (webDir) removeFakeWebBuild(webDir);
  server = webDir = undefined;
});

async function page(pathname: string) {
  const response = await fetch(`${server!.url}${pathname}`);
  const html = await response.text();
  const document = new JSDOM(html).window.document;
  return { status: response.status, html, document, root: document.getElementById('root')! };
}

/** The prerender processes this test process has started that are still there. */
function prerenderProcesses(): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent's pid is the fourth field, after the command in parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // A process that has exited but is not yet reaped is no longer drawing anything.
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (parent === process.pid && state !== 'Z' && command.includes('prerender-process'))
        children.push(Number(entry));
    } catch {
      // Gone while being read.
    }
  }
  return children;
}

describe('About, Contact, the privacy notice and the login, drawn on the server', () => {
  const prerenderModule = realPrerender();

  it('each carry their content, their own title, description and canonical address, and start the app on interaction', async () => {
    webDir = fakeWebBuild({ prerender: prerenderModule });
    server = await startTestServer(
      { WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://careers.example.co.uk' },
      { serveWeb: true },
    );
    const expected = {
      '/about': { title: 'About Us', heading: 'About Us', text: 'Our Identity' },
      '/contact': { title: 'Contact Us', heading: 'Contact Us', text: siteConfig.careersEmail },
      '/privacy': {
        title: 'Applicant Privacy Notice',
        heading: 'Applicant Privacy Notice',
        text: 'Lost your link?',
      },
    };
    const descriptions = new Set<string>();
    for (const [pathname, want] of Object.entries(expected)) {
      const { status, document, root } = await page(pathname);
      expect(status, pathname).toBe(200);
      expect(root.querySelector('h1')?.textContent, pathname).toBe(want.heading);
      expect(root.textContent, pathname).toContain(want.text);
      expect(root.textContent, pathname).not.toContain('Loading');
      // The footer is in the server's page, below the content, so nothing pushes it down later.
      expect(root.querySelector('footer'), pathname).not.toBeNull();
      expect(document.title, pathname).toBe(`${want.title} | ${siteConfig.brandName} Careers`);
      const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
      expect(description, pathname).toBeTruthy();
      descriptions.add(description!);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href'), pathname).toBe(
        `https://careers.example.co.uk${pathname}`,
      );
      expect(root.getAttribute('data-start'), pathname).toBe('interaction');
      // Only one title: the screen's own is left to the head.
      expect(document.querySelectorAll('title'), pathname).toHaveLength(1);
    }
    expect(descriptions.size).toBe(3);

    // Without script the lost-link form says it needs it.
    const privacy = await page('/privacy');
    expect(privacy.html).toContain('Asking for a new link needs JavaScript.');

    // The login is drawn too, so its form is there at the first paint rather than a spinner: out
    // of search engines, and its app starts right after that paint (no data-start).
    const login = await page('/login');
    expect(login.status).toBe(200);
    expect(login.root.querySelector('h1')?.textContent).toBe('Login');
    expect(login.root.querySelector('form input[type="email"][autocomplete="username"]')).not.toBeNull();
    expect(login.root.querySelector('form input[type="password"]')).not.toBeNull();
    expect(login.root.querySelector('button[type="submit"]')?.textContent).toBe('Login');
    expect(login.root.querySelector('.fui-Spinner')).toBeNull();
    expect(login.document.title).toBe(`Login | ${siteConfig.brandName} Careers`);
    expect(login.document.querySelectorAll('title')).toHaveLength(1);
    expect(login.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(login.document.querySelector('link[rel="canonical"]')).toBeNull();
    expect(login.root.hasAttribute('data-start')).toBe(false);
    // So is the forgotten password screen it links to, with its form and its own title.
    for (const [address, heading, submit, title] of [
      ['/forgot-password', 'Reset your password', 'Send the reset link', pageTitles.forgotPassword],
    ]) {
      const drawn = await page(address!);
      expect(drawn.status, address).toBe(200);
      expect(drawn.root.querySelector('h1')?.textContent, address).toBe(heading);
      expect(drawn.root.querySelector('form input[type="email"]'), address).not.toBeNull();
      expect(drawn.root.querySelector('button[type="submit"]')?.textContent, address).toBe(submit);
      expect(drawn.document.title, address).toBe(title);
      expect(drawn.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      expect(drawn.root.hasAttribute('data-start'), address).toBe(false);
    }
    // The real prerender, compiled from the sources in its child process on first use (20-40 s on
    // a busy machine), and a server of its own.
  }, 120_000);
});

// Pages are drawn again in the background by the prerender's own process: each wait below allows
// for a busy machine, where starting that process takes seconds.
describe('pages kept drawn until what they show changes', () => {
  // Writes each page it draws to a log (the prerender's process has no environment, so the log's
  // path is written into it), and marks the page with its process and a count.
  const countingPrerender = (log: string) => `
import { appendFileSync } from 'node:fs';
let renders = 0;
export function prerender(url, data) {
  renders += 1;
  const mark = process.pid + '-' + renders;
  appendFileSync(${JSON.stringify(log)}, url + '\\n');
  const titles = (data.jobs ?? (data.job ? [data.job] : [])).map((job) => '<h2>' + job.jobTitle + '</h2>').join('');
  return { html: '<main data-render="' + mark + '">' + titles + '</main>', styles: '' };
}`;

  /** Home, one job, About, Contact, the privacy notice, the login and its forgotten password screen. */
  const everyPage = 7;

  async function serveCounting(options: { databaseUrl?: string } = {}) {
    const log = path.join(os.tmpdir(), `careers-renders-${process.pid}-${Date.now()}.log`);
    writeFileSync(log, '');
    webDir = fakeWebBuild({ prerender: countingPrerender(log) });
    server = await startTestServer(
      // A quiet spell in a test's time: the prerender's process leaves after 200 ms, and the open
      // jobs are due for a second look after 200 ms.
      { WEB_DIST_DIR: webDir, PRERENDER_IDLE_MS: '200', OPEN_JOBS_RECHECK_MS: '200' },
      { serveWeb: true, ...options },
    );
    const renders = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
    const mark = async (pathname: string) =>
      (await page(pathname)).root.querySelector('main')?.dataset.render;
    return { running: server, renders, mark };
  }

  it('answers `/`, About and a job page after a quiet spell from what was drawn, with no prerender', async () => {
    const { running, renders, mark } = await serveCounting();
    const token = await running.adminToken();
    const created = await running.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: 'Quiet Role' }),
    });
    const job = `/apply/${created.body.insertedId}`;

    const drawn = { home: await mark('/'), job: await mark(job), about: await mark('/about') };
    expect(Object.values(drawn).every(Boolean)).toBe(true);
    // Everything drawn so far (the first page asked for has the others drawn in the background).
    await expect
      .poll(() => [...new Set(renders())].sort())
      .toEqual(['/', '/about', '/contact', '/privacy', '/login', '/forgot-password', job].sort());
    const rendersBefore = renders().length;

    // The quiet spell: the prerender's process leaves, and the open jobs are past their age.
    await expect.poll(() => prerenderProcesses(), { timeout: 10_000 }).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(await mark('/')).toBe(drawn.home);
    expect(await mark(job)).toBe(drawn.job);
    expect(await mark('/about')).toBe(drawn.about);
    // The second look at the open jobs found them unchanged: nothing is drawn again, now or later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mark('/')).toBe(drawn.home);
    expect(await mark(job)).toBe(drawn.job);
    expect(renders()).toHaveLength(rendersBefore);
    expect(prerenderProcesses()).toEqual([]);
  }, 60_000);

  it('draws the pages again in the background when a job changes, before anyone asks', async () => {
    const { running, renders, mark } = await serveCounting();
    const token = await running.adminToken();
    const created = await running.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: 'First Title' }),
    });
    const job = `/apply/${created.body.insertedId}`;
    await mark('/');
    await mark(job);
    await expect.poll(() => new Set(renders()).size, { timeout: 15_000 }).toBe(everyPage);
    const homeBefore = renders().filter((url) => url === '/').length;
    const jobBefore = renders().filter((url) => url === job).length;

    const edited = await running.api('PUT', `/post/${created.body.insertedId}`, {
      token,
      body: { jobTitle: 'Second Title' },
    });
    expect(edited.status).toBe(200);
    // Drawn again with nobody asking: the home page and the job's page, not the fixed pages.
    await expect
      .poll(() => renders().filter((url) => url === '/').length, { timeout: 15_000 })
      .toBe(homeBefore + 1);
    await expect
      .poll(() => renders().filter((url) => url === job).length, { timeout: 15_000 })
      .toBe(jobBefore + 1);
    const count = renders().length;
    const home = await page('/');
    expect(home.root.querySelector('h2')?.textContent).toBe('Second Title');
    expect((await page(job)).root.querySelector('h2')?.textContent).toBe('Second Title');
    // The visitors got the pages drawn in the background.
    expect(renders()).toHaveLength(count);
  }, 60_000);

  it('lets a closed job’s kept page go when the open jobs no longer list it', async () => {
    const { running, renders, mark } = await serveCounting();
    const token = await running.adminToken();
    const created = await running.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: 'Going Role' }),
    });
    const id = created.body.insertedId as string;
    await mark(`/apply/${id}`);
    await expect.poll(() => new Set(renders()).size, { timeout: 15_000 }).toBe(everyPage);
    expect((await running.api('DELETE', `/post/${id}`, { token })).status).toBe(200);
    // The home page is drawn again without it, and the job's page is not.
    await expect.poll(() => renders().filter((url) => url === '/').length, { timeout: 15_000 }).toBe(2);
    expect(renders().filter((url) => url === `/apply/${id}`)).toHaveLength(1);
    expect((await page(`/apply/${id}`)).status).toBe(404);
  }, 60_000);
});

const baseUrl = testDatabaseUrl();

describe.skipIf(!baseUrl)('pages kept drawn, with two instances on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let other: TestServer | undefined;
  afterEach(async () => {
    await other?.stop();
    await scratch?.drop();
    other = scratch = undefined;
  });

  it('draws the home page again in the background when another instance changes a job', async () => {
    scratch = await createScratchDatabase(baseUrl!);
    const log = path.join(os.tmpdir(), `careers-renders-pg-${process.pid}-${Date.now()}.log`);
    writeFileSync(log, '');
    webDir = fakeWebBuild({
      prerender: `
import { appendFileSync } from 'node:fs';
export function prerender(url, data) {
  appendFileSync(${JSON.stringify(log)}, url + '\\n');
  const titles = (data.jobs ?? []).map((job) => '<h2>' + job.jobTitle + '</h2>').join('');
  return { html: '<main>' + titles + '</main>', styles: '' };
}`,
    });
    server = await startTestServer({ WEB_DIST_DIR: webDir }, { serveWeb: true, databaseUrl: scratch.url });
    other = await startTestServer({}, { databaseUrl: scratch.url });
    const homeRenders = () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((url) => url === '/').length;
    expect((await page('/')).status).toBe(200);
    await expect.poll(homeRenders, { timeout: 15_000 }).toBe(1);

    const token = await other.adminToken();
    const created = await other.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Heard Role' }) });
    expect(created.status).toBe(201);
    // Heard through NOTIFY: drawn again with nobody asking, and the next visitor gets that page.
    await expect.poll(homeRenders, { timeout: 15_000 }).toBe(2);
    expect((await page('/')).root.querySelector('h2')?.textContent).toBe('Heard Role');
    expect(homeRenders()).toBe(2);
  }, 60_000);
});

describe('the drawn pages kept', () => {
  it('stay at their bound: the page least recently asked for goes, and is drawn again at its next visit', async () => {
    const drawn = createDrawnPages(2);
    let drawings = 0;
    const draw = async (done: (final: boolean) => void) => {
      drawings++;
      done(true);
      return createRepresentation(`page ${drawings}`, 'text/html');
    };
    const basis = ['jobs'];
    for (const address of ['/a', '/b', '/a', '/c']) await drawn.page(address, basis, draw);
    expect(drawings).toBe(3);
    expect(drawn.size()).toBe(2);
    expect(drawn.addresses()).toEqual(['/a', '/c']);
    await drawn.page('/b', basis, draw);
    expect(drawings).toBe(4);
    expect(drawn.addresses()).toEqual(['/c', '/b']);
  });
});
