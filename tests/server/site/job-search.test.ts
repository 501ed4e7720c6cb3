import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logAddress } from '../../../src/server/http/log-address';
import { NUL_MESSAGE } from '../../../src/server/http/reject-nul';
import type { Job } from '../../../src/shared/jobs/job-contract';
import { EMPTY_SEARCH, filterOptions, searchJobs } from '../../../src/shared/jobs/job-search';
import { messages } from '../../../src/shared/messages';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../../src/shared/site/initial-data';
import { fakeWebBuild, realPrerender, removeFakeWebBuild } from '../../support/web-template';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * Search and filters on the careers home, as a visitor without script gets them: plain GET
 * parameters the server's prerender (the real one) draws into the page. Among the jobs, one posted
 * as the specification's clients post, with its texts only: no department, towns, workplace or
 * types, which its texts state ("Remote (UK)", "Part-time, 20 hours").
 */

const prerenderModule = realPrerender();

let server: TestServer;
let webDir: string;
let textOnlyId: string;
const TEXT_ONLY = 'Remote Claims Adviser';

beforeAll(async () => {
  webDir = fakeWebBuild({ prerender: prerenderModule });
  server = await startTestServer({ WEB_DIST_DIR: webDir }, { serveWeb: true });
  const token = await server.adminToken();
  const department = async (name: string) =>
    (await server.api('POST', '/departments', { token, body: { name } })).body.insertedId as string;
  const claims = await department('Claims');
  const engineering = await department('Engineering');
  const post = async (body: Record<string, unknown>) =>
    expect((await server.api('POST', '/post', { token, body: sampleJob(body) })).status).toBe(201);
  await post({
    jobTitle: 'Motor Claims Handler',
    location: '',
    hours: '',
    ctc: '',
    departmentId: claims,
    locations: ['Northampton'],
    workplaceType: 'on-site',
    employmentTypes: ['full-time'],
    pay: { min: 26_000, max: 30_000, period: 'year' },
  });
  await post({
    jobTitle: 'Senior Backend Engineer',
    description: 'Build the quote engine in TypeScript.',
    location: '',
    hours: '',
    ctc: '',
    departmentId: engineering,
    locations: [],
    workplaceType: 'remote',
    remoteCountry: 'UK',
    employmentTypes: ['full-time', 'contract'],
    pay: { min: 65_000, max: 80_000, period: 'year' },
  });
  await post({
    jobTitle: 'Claims Assistant',
    location: '',
    hours: '',
    ctc: '',
    departmentId: claims,
    locations: ['Leeds'],
    workplaceType: 'hybrid',
    employmentTypes: ['part-time'],
    pay: { min: 12.5, max: 12.5, period: 'hour' },
  });
  // The specification's fields alone; £21,000 – £23,000 a year is under the £25,000 floor.
  const textOnly = await server.api('POST', '/post', {
    token,
    body: sampleJob({
      jobTitle: TEXT_ONLY,
      location: 'Remote (UK)',
      hours: 'Part-time, 20 hours',
      ctc: '£21,000 - £23,000',
    }),
  });
  expect(textOnly.status).toBe(201);
  textOnlyId = textOnly.body.insertedId as string;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  removeFakeWebBuild(webDir);
});

async function page(address: string) {
  const response = await fetch(`${server.url}${address}`);
  const html = await response.text();
  const document = new JSDOM(html).window.document;
  const root = document.getElementById('root')!;
  const titles = [...root.querySelectorAll('article h3')].map((heading) => heading.textContent);
  const form = root.querySelector<HTMLFormElement>('form[role="search"]');
  const options = (name: string) =>
    [...(form?.querySelectorAll<HTMLOptionElement>(`select[name="${name}"] option`) ?? [])].map(
      (option) => `${option.textContent}${option.selected && option.value ? ' *' : ''}`,
    );
  const status = root.querySelector('[role="status"]')?.textContent;
  return { response, html, document, root, titles, form, options, status };
}

describe('the careers home with a search, drawn on the server', () => {
  it('lists every open job without a search, under a labelled GET form with a count per option', async () => {
    const { response, titles, form, options, status } = await page('/');
    expect(response.status).toBe(200);
    expect(titles).toHaveLength(4);
    expect(status).toBe('4 roles available');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/');
    expect(form?.getAttribute('aria-label')).toBe('Search jobs');
    // Each field has its label.
    for (const field of form!.querySelectorAll('input, select'))
      expect(
        form!.querySelector(`label[for="${field.id}"]`)?.textContent,
        field.getAttribute('name')!,
      ).toBeTruthy();
    expect(options('department')).toEqual(['Any department', 'Claims (2)', 'Engineering (1)']);
    expect(options('workplace')).toEqual([
      'On-site, hybrid or remote',
      'On-site (1)',
      'Hybrid (1)',
      'Remote (2)',
    ]);
    expect(options('location')).toEqual(['Any location', 'Leeds (1)', 'Northampton (1)']);
    // The filters fold away behind their count on a phone, the text search outside them.
    const filters = form!.querySelector('details');
    expect(filters?.querySelector('summary')?.textContent).toBe('Filters');
    expect(filters?.hasAttribute('open')).toBe(false);
    expect([...filters!.querySelectorAll('select')].map((select) => select.name)).toEqual([
      'department',
      'location',
      'workplace',
      'type',
      'pay',
    ]);
    expect(filters?.querySelector('input[name="q"]')).toBeNull();
  }, 60_000);

  it('narrows by each filter and by several at once, counting each option within the others', async () => {
    let shown = await page('/?department=claims');
    expect(shown.titles.sort()).toEqual(['Claims Assistant', 'Motor Claims Handler']);
    expect(shown.status).toBe('2 roles match your search');
    expect(shown.options('department')).toContain('Claims (2) *');
    // Within Claims: one on-site, one hybrid, no remote.
    expect(shown.options('workplace')).toEqual(['On-site, hybrid or remote', 'On-site (1)', 'Hybrid (1)']);

    expect((await page('/?workplace=remote')).titles.sort()).toEqual([TEXT_ONLY, 'Senior Backend Engineer']);
    expect((await page('/?location=leeds')).titles).toEqual(['Claims Assistant']);
    expect((await page('/?type=contract')).titles).toEqual(['Senior Backend Engineer']);
    expect((await page('/?q=typescript')).titles).toEqual(['Senior Backend Engineer']);
    // £12.50 an hour is £24,375 a year (1,950 hours): above £20,000, below £25,000.
    expect((await page('/?pay=20000')).titles).toHaveLength(4);
    expect((await page('/?pay=25000')).titles.sort()).toEqual([
      'Motor Claims Handler',
      'Senior Backend Engineer',
    ]);

    shown = await page('/?department=claims&type=full-time&pay=25000');
    expect(shown.titles).toEqual(['Motor Claims Handler']);
    expect(shown.status).toBe('1 role matches your search');
  }, 60_000);

  it('carries in the page only the jobs it lists and its options, not every open job', async () => {
    const data = (address: string) =>
      page(address).then(
        ({ document }) =>
          JSON.parse(document.getElementById(INITIAL_DATA_ELEMENT_ID)!.textContent!) as InitialData,
      );
    const searched = await data('/?department=claims&type=full-time');
    expect(searched.jobs).toBeUndefined();
    expect(searched.search?.query).toBe('?department=claims&type=full-time');
    expect(searched.search?.jobs.map((job) => job.jobTitle)).toEqual(['Motor Claims Handler']);
    expect(searched.search?.options.department).toEqual([
      { value: 'claims', label: 'Claims', count: 1 },
      { value: 'engineering', label: 'Engineering', count: 1 },
    ]);
    // The page without a search lists, and so carries, every open job.
    const home = await data('/');
    expect(home.jobs).toHaveLength(4);
    expect(home.search).toBeUndefined();
  }, 60_000);

  it('says when nothing matches and offers to clear the last filter, or all of them', async () => {
    const { titles, root, status } = await page('/?department=claims&workplace=remote');
    expect(titles).toEqual([]);
    expect(status).toBe('0 roles match your search');
    expect(root.querySelector('h3')?.textContent).toBe('No jobs match your search');
    const clearLast = [...root.querySelectorAll('a')].find((link) =>
      link.textContent?.startsWith('Clear the last filter'),
    );
    expect(clearLast?.textContent).toBe('Clear the last filter (Remote)');
    expect(clearLast?.getAttribute('href')).toBe('/?department=claims');
    const clearAll = [...root.querySelectorAll('a')].find((link) => link.textContent === 'clear all filters');
    expect(clearAll?.getAttribute('href')).toBe('/');
    // The last filter is the last in the address, whichever it is.
    const other = await page('/?workplace=remote&department=claims');
    const link = [...other.root.querySelectorAll('a')].find((a) =>
      a.textContent?.startsWith('Clear the last'),
    );
    expect(link?.getAttribute('href')).toBe('/?workplace=remote');
  }, 60_000);

  it('keeps one canonical address, ignores what it cannot use and never fails on odd input', async () => {
    const { response, document, titles, form } = await page(
      '/?workplace=moon&pay=-5&type=&utm_source=mail&q=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    );
    expect(response.status).toBe(200);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/$/);
    // The text searched for comes back as text, in the field, not as markup.
    expect(form?.querySelector<HTMLInputElement>('input[name="q"]')?.value).toBe('<script>alert(1)</script>');
    expect(document.querySelector('#root script')).toBeNull();
    expect(titles).toEqual([]);
    // An unknown workplace is no filter at all.
    expect((await page('/?workplace=moon')).titles).toHaveLength(4);
    // A badly encoded query is a 400 with a message, never a 500.
    const bad = await fetch(`${server.url}/?q=%E0%A4%A`);
    expect(bad.status).toBeLessThan(500);
  }, 60_000);

  it('finds a job posted with its texts only by the place, type and pay they state, and counts it', async () => {
    // Found by each filter its texts claim, alone and together, as its card and JSON-LD say it.
    expect((await page('/?type=part-time')).titles.sort()).toEqual(['Claims Assistant', TEXT_ONLY]);
    const together = await page('/?workplace=remote&type=part-time&pay=20000');
    expect(together.titles).toEqual([TEXT_ONLY]);
    expect(together.options('workplace')).toContain('Remote (1) *');
    expect(together.options('type')).toContain('Part-time (1) *');
    expect(together.options('pay')).toContain('£20,000 a year or more (1) *');
    expect((await page('/?workplace=remote&pay=25000')).titles).toEqual(['Senior Backend Engineer']);
    // Counted in the options: Remote 2 (with the engineer), Part-time 2 (with the assistant).
    const home = await page('/');
    expect(home.options('type')).toEqual([
      'Any employment type',
      'Full-time (2)',
      'Part-time (2)',
      'Contract (1)',
    ]);
    expect(home.options('pay')).toEqual([
      'Any pay',
      '£20,000 a year or more (4)',
      '£25,000 a year or more (2)',
      '£30,000 a year or more (2)',
      '£40,000 a year or more (1)',
      '£50,000 a year or more (1)',
      '£60,000 a year or more (1)',
      '£80,000 a year or more (1)',
    ]);

    // Its job page tells search engines the same facts.
    const posting = JSON.parse(
      (await page(`/apply/${textOnlyId}`)).document.querySelector('script[type="application/ld+json"]')!
        .textContent!,
    ) as Record<string, unknown>;
    expect(posting).toMatchObject({ jobLocationType: 'TELECOMMUTE', employmentType: 'PART_TIME' });

    // The app searches the open jobs the API answers with the same shared rules, so it agrees.
    const open = (await server.api('GET', '/all')).body as Job[];
    const remotePartTime = { ...EMPTY_SEARCH, workplace: 'remote', type: 'part-time' } as const;
    expect(searchJobs(open, remotePartTime).map((job) => job.jobTitle)).toEqual([TEXT_ONLY]);
    expect(filterOptions(open, EMPTY_SEARCH).workplace).toContainEqual({
      value: 'remote',
      label: 'Remote',
      count: 2,
    });
  }, 60_000);

  it('offers no option that would list nothing, unless it is the one chosen', async () => {
    // No job is fixed-term, an apprenticeship or an internship: none is offered.
    expect((await page('/')).options('type')).not.toContainEqual(expect.stringMatching(/Fixed-term/));
    // Within Engineering nothing is hybrid or part-time; chosen, each stays, with its 0.
    const chosen = await page('/?department=engineering&workplace=hybrid&type=part-time');
    expect(chosen.titles).toEqual([]);
    expect(chosen.options('workplace')).toEqual(['On-site, hybrid or remote', 'Hybrid (0) *']);
    expect(chosen.options('type')).toEqual(['Any employment type', 'Part-time (0) *']);
    expect(chosen.options('department')).toEqual(['Any department', 'Claims (1)', 'Engineering (0) *']);
  }, 60_000);

  it('ignores a department or town no open job names, and never shows it back', async () => {
    const made = 'Call 0800 123 456 to apply';
    const home = await page(`/?department=${encodeURIComponent(made)}`);
    expect(home.response.status).toBe(200);
    expect(home.titles).toHaveLength(4);
    expect(home.status).toBe('4 roles available');
    expect(home.html).not.toContain('0800');
    expect(home.form?.querySelector<HTMLSelectElement>('select[name="department"]')?.value).toBe('');

    // Last in the address, yet not a filter: the last one to clear is the one before it.
    const none = await page(
      `/?workplace=remote&type=contract&pay=20000&q=claims&location=${encodeURIComponent(made)}&department=${encodeURIComponent(made)}`,
    );
    expect(none.titles).toEqual([]);
    expect(none.status).toBe('0 roles match your search');
    const clearLast = [...none.root.querySelectorAll('a')].find((link) =>
      link.textContent?.startsWith('Clear the last filter'),
    );
    expect(clearLast?.textContent).toBe('Clear the last filter (“claims”)');
    expect(clearLast?.getAttribute('href')).toBe('/?workplace=remote&type=contract&pay=20000');
    expect(none.html).not.toContain('0800');
    expect(none.document.title).toBe('Careers | QuoteSearch');
    const data = JSON.parse(
      none.document.getElementById(INITIAL_DATA_ELEMENT_ID)!.textContent!,
    ) as InitialData;
    expect(data.search?.query).toBe('?workplace=remote&type=contract&pay=20000&q=claims');
    // A town is matched whatever its case, and written as the jobs write it.
    const leeds = await page('/?location=LEEDS');
    expect(leeds.titles).toEqual(['Claims Assistant']);
    expect(leeds.options('location')).toContain('Leeds (1) *');
  }, 60_000);
});

describe('a request the server refuses', () => {
  it('answers a browser with the site’s own page saying why, and an API client with JSON', async () => {
    const browser = await fetch(`${server.url}/?q=a%00b`, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.status).toBe(400);
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
    const document = new JSDOM(await browser.text()).window.document;
    expect(document.title).toBe(`${messages.requestRefused} | QuoteSearch Careers`);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    const root = document.getElementById('root')!;
    expect(root.querySelector('h1')?.textContent).toBe(messages.requestRefused);
    expect(root.textContent).toContain(NUL_MESSAGE);
    // In the site's frame, with its way home; the careers list is not drawn.
    expect(root.querySelector('header')).not.toBeNull();
    expect(root.querySelector('a[href="/"]')).not.toBeNull();
    expect(root.querySelector('form[role="search"]')).toBeNull();

    for (const accept of ['application/json', '*/*']) {
      const client = await fetch(`${server.url}/?q=a%00b`, { headers: { accept } });
      expect(client.status).toBe(400);
      expect(client.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await client.json()).toEqual({ message: NUL_MESSAGE });
    }
    // The API stays JSON, even for a browser.
    const api = await fetch(`${server.url}/api/single/a%00b`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ message: NUL_MESSAGE });
  }, 60_000);
});

describe('the request log', () => {
  it("leaves a page's search out, keeping the API's queries and hiding secret tokens", () => {
    expect(logAddress('/?q=claims&department=claims')).toBe('/?[query]');
    expect(logAddress('/about?ref=x')).toBe('/about?[query]');
    expect(logAddress('/')).toBe('/');
    expect(logAddress('/api/applications?jobId=1&stage=new')).toBe('/api/applications?jobId=1&stage=new');
    expect(logAddress(`/my-application/${'a'.repeat(43)}?x=1`)).toBe('/my-application/[token]?[query]');
  });
});
