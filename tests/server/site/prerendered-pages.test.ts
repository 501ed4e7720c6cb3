import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * The server's side of the prerendered home page: it loads the web build's prerender bundle (here a
 * stand-in that echoes what it was given), puts its markup in the root and its CSS in the head,
 * and drops the script preloads. A missing or failing bundle costs the prerender, never the page.
 */

let server: TestServer | undefined;
let webDir: string | undefined;
afterEach(async () => {
  await server?.stop();
  if (webDir) removeFakeWebBuild(webDir);
  server = webDir = undefined;
});

async function serve(prerender?: string) {
  webDir = fakeWebBuild({ prerender });
  server = await startTestServer({ WEB_DIST_DIR: webDir }, { serveWeb: true });
  return server;
}

async function page(pathname: string) {
  const response = await fetch(`${server!.url}${pathname}`);
  const html = await response.text();
  return { status: response.status, html, document: new JSDOM(html).window.document };
}

// Echoes the jobs it was handed, with `$&` and `$'`: replacement patterns must reach the page as text.
const echoingPrerender = `
export function prerender(url, data) {
  const titles = (data.jobs ?? []).map((job) => '<h3>' + job.jobTitle + '</h3>').join('');
  return { html: '<main data-url="' + url + '">' + titles + '<p>$& and $\\'</p></main>', styles: '<style data-make-styles-bucket="d">.f1{color:red}</style>' };
}`;

describe('the careers home page prerendered on the server', () => {
  it('carries the prerendered markup in the root, its CSS in the head, and no script preloads', async () => {
    const running = await serve(echoingPrerender);
    const token = await running.adminToken();
    const created = await running.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: 'Prerendered Claims Handler' }),
    });
    expect(created.status).toBe(201);

    const { status, html, document } = await page('/');
    expect(status).toBe(200);
    const root = document.getElementById('root')!;
    expect(root.querySelector('main')?.getAttribute('data-url')).toBe('/');
    expect(root.querySelector('h3')?.textContent).toBe('Prerendered Claims Handler');
    expect(root.querySelector('p')?.textContent).toBe("$& and $'");
    expect(document.head.querySelector('style[data-make-styles-bucket]')?.textContent).toBe('.f1{color:red}');
    // The entry fetches the app after the first paint; nothing competes with the stylesheet.
    expect(html).not.toContain('modulepreload');
    expect(document.querySelector('script[type="module"]')).not.toBeNull();
    // The home page works without the app (its search is a plain GET form): the browser starts
    // the app on the first interaction.
    expect(root.dataset.start).toBe('interaction');
    // Its stylesheet is in the page: the first paint waits for no other request.
    expect(document.querySelector('link[rel="stylesheet"]')).toBeNull();
    expect(html).toContain('<style>.page{color:#242424}\n</style>');
    // The first page of the file also starts the prerender's child process, on a busy machine.
  }, 60_000);

  it("is prerendered from the jobs' public form: no administrator's e-mail address reaches the prerender", async () => {
    // Echoes everything it was handed, as text.
    const running = await serve(`
export function prerender(url, data) {
  const text = JSON.stringify(data).replace(/[<>&]/g, ' ');
  return { html: '<pre>' + text + '</pre>', styles: '' };
}`);
    const token = await running.adminToken();
    const created = await running.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: 'Public Role' }),
    });
    await running.api('PUT', `/post/${created.body.insertedId}`, { token, body: { ctc: '£30,000' } });
    const handed = JSON.parse((await page('/')).document.querySelector('#root pre')!.textContent!);
    expect(handed.jobs).toEqual([expect.objectContaining({ jobTitle: 'Public Role', ctc: '£30,000' })]);
    for (const key of ['postCreator', 'lastEditUser', 'editTime'])
      expect(handed.jobs[0]).not.toHaveProperty(key);
    expect(JSON.stringify(handed)).not.toContain('admin@example.com');
    // A server and a prerender process of its own start with it: 18 s of 30 on a loaded
    // clean-clone run.
  }, 60_000);

  it('is prerendered again when the jobs change', async () => {
    const running = await serve(echoingPrerender);
    const token = await running.adminToken();
    expect((await page('/')).document.querySelector('#root h3')).toBeNull();
    await running.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Late Addition' }) });
    expect((await page('/')).document.querySelector('#root h3')?.textContent).toBe('Late Addition');
  });

  it('goes out as the plain shell, for the browser to render, when the bundle throws', async () => {
    await serve(`export function prerender() { throw new Error('broken build'); }`);
    const { status, html, document } = await page('/');
    expect(status).toBe(200);
    expect(document.getElementById('root')!.children).toHaveLength(0);
    // Plain shells keep their preloads and their linked stylesheet: the app renders them at once.
    expect(html).toContain('modulepreload');
    expect(document.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(
      '/assets/index-abc123.css',
    );
    expect(document.getElementById('root')!.hasAttribute('data-start')).toBe(false);
  });

  it('goes out as the plain shell when there is no prerender bundle', async () => {
    await serve();
    const { status, document } = await page('/');
    expect(status).toBe(200);
    expect(document.getElementById('root')!.children).toHaveLength(0);
  });

  it('leaves pages the route table does not mark prerendered as the plain shell', async () => {
    await serve(echoingPrerender);
    const { status, document } = await page('/success');
    expect(status).toBe(200);
    expect(document.getElementById('root')!.children).toHaveLength(0);
    expect(document.getElementById('root')!.hasAttribute('data-start')).toBe(false);
  });
});

describe("a closed job's page", () => {
  // Marks each page it draws with its process and a count, so a page drawn again is told apart.
  const countingPrerender = `
let renders = 0;
export function prerender(url, data) {
  renders += 1;
  const title = data.job ? data.job.jobTitle : '';
  return { html: '<main data-render="' + process.pid + '-' + renders + '"><h1>' + title + '</h1></main>', styles: '' };
}`;
  const yesterday = () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() - 86_400_000));
  const drawn = async (pathname: string) => {
    const { status, document } = await page(pathname);
    const main = document.querySelector('#root main');
    return {
      status,
      render: main?.getAttribute('data-render'),
      title: main?.querySelector('h1')?.textContent,
    };
  };

  it('is drawn once and then served from memory, until the job is edited', async () => {
    const running = await serve(countingPrerender);
    const token = await running.adminToken();
    const created = await running.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: 'Closed Role' }),
    });
    const id = created.body.insertedId as string;
    expect(
      (await running.api('PUT', `/post/${id}`, { token, body: { closingDate: yesterday() } })).status,
    ).toBe(200);

    const first = await drawn(`/apply/${id}`);
    expect(first).toMatchObject({ status: 200, title: 'Closed Role', render: expect.any(String) });
    // Visitors arriving together share one drawing too.
    const again = await Promise.all([1, 2, 3].map(() => drawn(`/apply/${id}`)));
    for (const later of again) expect(later).toEqual(first);

    expect(
      (await running.api('PUT', `/post/${id}`, { token, body: { jobTitle: 'Closed Role, Edited' } })).status,
    ).toBe(200);
    const edited = await drawn(`/apply/${id}`);
    expect(edited).toMatchObject({ status: 200, title: 'Closed Role, Edited' });
    expect(edited.render).not.toBe(first.render);
    expect(await drawn(`/apply/${id}`)).toEqual(edited);
  });
});
