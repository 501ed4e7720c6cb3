import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logAddress } from '../../../src/server/http/log-address';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../../src/shared/site/initial-data';
import { fakeWebBuild, realPrerender, removeFakeWebBuild } from '../../support/web-template';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * Search and filters on the careers home, as a visitor without script gets them: plain GET
 * parameters the server's prerender (the real one) draws into the page.
 */

const prerenderModule = realPrerender();

let server: TestServer;
let webDir: string;

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
    expect(titles).toHaveLength(3);
    expect(status).toBe('3 roles available');
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
      'Remote (1)',
    ]);
    expect(options('location')).toEqual(['Any location', 'Leeds (1)', 'Northampton (1)']);
  }, 60_000);

  it('narrows by each filter and by several at once, counting each option within the others', async () => {
    let shown = await page('/?department=claims');
    expect(shown.titles.sort()).toEqual(['Claims Assistant', 'Motor Claims Handler']);
    expect(shown.status).toBe('2 roles match your search');
    expect(shown.options('department')).toContain('Claims (2) *');
    // Within Claims: one on-site, one hybrid, no remote.
    expect(shown.options('workplace')).toEqual([
      'On-site, hybrid or remote',
      'On-site (1)',
      'Hybrid (1)',
      'Remote (0)',
    ]);

    expect((await page('/?workplace=remote')).titles).toEqual(['Senior Backend Engineer']);
    expect((await page('/?location=leeds')).titles).toEqual(['Claims Assistant']);
    expect((await page('/?type=contract')).titles).toEqual(['Senior Backend Engineer']);
    expect((await page('/?q=typescript')).titles).toEqual(['Senior Backend Engineer']);
    // £12.50 an hour is £24,375 a year (1,950 hours): above £20,000, below £25,000.
    expect((await page('/?pay=20000')).titles).toHaveLength(3);
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
    expect(home.jobs).toHaveLength(3);
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
    expect((await page('/?workplace=moon')).titles).toHaveLength(3);
    // A badly encoded query is a 400 with a message, never a 500.
    const bad = await fetch(`${server.url}/?q=%E0%A4%A`);
    expect(bad.status).toBeLessThan(500);
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
