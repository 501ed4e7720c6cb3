import { randomBytes } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../../src/shared/site/initial-data';
import { siteConfig } from '../../../src/shared/site/site-config';
import { parseSalary } from '../../../src/shared/jobs/salary-text';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

const PUBLIC_URL = 'https://careers.example.co.uk';
/** Markup that must stay text; the multi-line form carries U+2028, which one-line fields refuse. */
const HOSTILE_LINE = '</script><script>alert(1)</script><!-- & "quotes" end';
const HOSTILE = `${HOSTILE_LINE} \u2028 end`;

let server: TestServer;
let token: string;
let webDir: string;

const createJob = async (overrides: Record<string, unknown> = {}) => {
  const created = await server.api('POST', '/post', { token, body: sampleJob(overrides) });
  expect(created.status).toBe(201);
  return created.body.insertedId as string;
};

const page = async (pathname: string) => {
  const response = await fetch(`${server.url}${pathname}`);
  const html = await response.text();
  return { status: response.status, html, document: new JSDOM(html).window.document };
};

const jsonLd = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent!) as Record<string, any>,
  );

const initialData = (document: Document) =>
  JSON.parse(document.getElementById(INITIAL_DATA_ELEMENT_ID)!.textContent!) as InitialData;

const daysFromToday = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(date);
};

beforeAll(async () => {
  webDir = fakeWebBuild();
  // Without the pay rule, so a job whose texts state no pay can be published, as before the rule.
  server = await startTestServer(
    { PUBLIC_URL, WEB_DIST_DIR: webDir, REQUIRE_PAY_RANGE: 'false' },
    { serveWeb: true },
  );
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
  removeFakeWebBuild(webDir);
});

describe('a job page as served', () => {
  let jobId: string;
  beforeAll(async () => {
    jobId = await createJob({
      jobTitle: 'Claims Handler',
      location: 'Northampton',
      hours: 'Full-time, Monday to Friday',
      ctc: '£24,000 - £28,000 per annum',
      closingDate: daysFromToday(20),
    });
  });

  it('carries the title, description, canonical address and JobPosting data Google asks for', async () => {
    const { status, document } = await page(`/apply/${jobId}`);
    expect(status).toBe(200);
    expect(document.title).toBe(`Apply for Claims Handler | ${siteConfig.brandName} Careers`);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Claims Handler in Northampton\. Help customers/,
    );
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/apply/${jobId}`,
    );
    expect(document.querySelector('meta[name="robots"]')).toBeNull();

    const [posting, ...others] = jsonLd(document);
    expect(others).toEqual([]);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Claims Handler',
      datePosted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      validThrough: expect.stringMatching(new RegExp(`^${daysFromToday(20)}T23:59:59[+-]\\d{2}:\\d{2}$`)),
      employmentType: 'FULL_TIME',
      directApply: true,
      identifier: { '@type': 'PropertyValue', name: siteConfig.legalName, value: jobId },
      hiringOrganization: { '@type': 'Organization', name: siteConfig.legalName },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Northampton',
          postalCode: siteConfig.address.postalCode,
          addressCountry: 'GB',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 24000, maxValue: 28000, unitText: 'YEAR' },
      },
      url: `${PUBLIC_URL}/apply/${jobId}`,
    });
    expect(posting!.description).toContain('<li>Answer calls</li>');
    expect(new Date(posting!.datePosted).toString()).not.toBe('Invalid Date');
  });

  it("names the company's logo: a square image of at least 112 px that the site itself serves", async () => {
    const { document } = await page(`/apply/${jobId}`);
    const logo = new URL(jsonLd(document)[0]!.hiringOrganization.logo as string);
    expect(logo.origin).toBe(PUBLIC_URL);
    const response = await fetch(`${server.url}${logo.pathname}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await response.arrayBuffer());
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(112);
  });

  it('inlines the job for the first render, so the page needs no second request', async () => {
    const { document } = await page(`/apply/${jobId}`);
    const data = initialData(document);
    expect(data.job).toMatchObject({ _id: jobId, jobTitle: 'Claims Handler', closed: false });
    expect(data.retentionDays).toBe(183);
  });

  it('omits salary and employment type when the texts state none', async () => {
    const id = await createJob({ ctc: 'Competitive', hours: 'To be agreed', location: 'Leeds' });
    const [posting] = jsonLd((await page(`/apply/${id}`)).document);
    expect(posting).not.toHaveProperty('baseSalary');
    expect(posting).not.toHaveProperty('employmentType');
    expect(posting).not.toHaveProperty('validThrough');
    expect(posting!.jobLocation.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Leeds',
      addressCountry: 'GB',
    });
  });

  it('keeps hostile job text inert: no tag it contains reaches the HTML as a tag', async () => {
    const id = await createJob({
      jobTitle: `Role ${HOSTILE_LINE}`,
      description: `Text ${HOSTILE}`,
      responsibilities: [HOSTILE_LINE],
    });
    const { status, html, document } = await page(`/apply/${id}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    // The only scripts are the app's own, the JobPosting and the inlined data.
    const scripts = [...document.querySelectorAll('script')].map(
      (script) => script.getAttribute('type') ?? 'classic',
    );
    expect(scripts.sort()).toEqual(['application/json', 'application/ld+json', 'module']);
    const [posting] = jsonLd(document);
    expect(posting!.title).toBe(`Role ${HOSTILE_LINE}`);
    expect(posting!.description).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(initialData(document).job!.description).toBe(`Text ${HOSTILE}`);
    expect(document.title).toBe(`Apply for Role ${HOSTILE_LINE} | ${siteConfig.brandName} Careers`);
  });

  it('answers 404 (and asks not to be indexed) for an unknown or malformed job id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-job']) {
      const { status, document } = await page(`/apply/${id}`);
      expect(status).toBe(404);
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      expect(jsonLd(document)).toEqual([]);
    }
  });
});

describe('the careers home page as served', () => {
  it('inlines the open jobs, so visitors see them without waiting for a second request', async () => {
    const { status, document } = await page('/');
    expect(status).toBe(200);
    expect(document.title).toBe(`Careers | ${siteConfig.brandName}`);
    const data = initialData(document);
    const all = (await server.api('GET', '/all')).body;
    expect(data.jobs).toEqual(all);
  });

  it('answers /index.html as / (the page with its jobs, canonical /), never the raw build template', async () => {
    const home = await page('/');
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${server.url}/index.html`, { method });
      expect(response.status, method).toBe(200);
      expect(response.headers.get('cache-control'), method).toBe('no-cache');
    }
    const index = await page('/index.html');
    expect(index.html).toBe(home.html);
    expect(index.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/`,
    );
    expect(initialData(index.document).jobs).toEqual((await server.api('GET', '/all')).body);
  });

  it('keeps the dashboard and unknown pages out of search results', async () => {
    for (const [pathname, status] of [
      ['/dashboard', 200],
      ['/dashboard/account', 200],
      ['/login', 200],
      ['/forgot-password', 200],
      ['/reset-password/some-link-token', 200],
      ['/no-such-page', 404],
    ] as const) {
      const answer = await page(pathname);
      expect(answer.status).toBe(status);
      expect(answer.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    }
    const about = await page('/about');
    expect(about.document.querySelector('meta[name="robots"]')).toBeNull();
    expect(about.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/about`,
    );
  });
});

describe("an applicant's private page", () => {
  it('is kept out of search engines, sends no referrer, and is never kept for repeating', async () => {
    const token = randomBytes(32).toString('base64url');
    const before = server.app.answerReplay!.held();
    for (const pathname of [`/my-application/${token}`, `/my-application/${token}`, '/my-application/x']) {
      const response = await fetch(`${server.url}${pathname}`);
      const document = new JSDOM(await response.text()).window.document;
      // The app decides what the token opens; the page itself is the same for any token.
      expect(response.status).toBe(200);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      expect(document.querySelector('link[rel="canonical"]')).toBeNull();
      expect(document.documentElement.outerHTML).not.toContain(token);
    }
    expect(server.app.answerReplay!.held().entries).toBe(before.entries);
    // Other pages carry no such header.
    expect((await fetch(`${server.url}/privacy`)).headers.get('x-robots-tag')).toBeNull();

    // Neither robots.txt (which would name the address) nor the sitemap mentions it.
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const text of [robots, sitemap]) expect(text).not.toContain('my-application');
  });
});

describe("what the pages tell visitors about the site's administrators", () => {
  it('no page, inlined data or feed carries who created or edited a post', async () => {
    const openId = await createJob({ jobTitle: 'Discreet Open Role' });
    const closedId = await createJob({ jobTitle: 'Discreet Closed Role' });
    for (const id of [openId, closedId]) {
      const edited = await server.api('PUT', `/post/${id}`, { token, body: { ctc: '£29,000' } });
      expect(edited.status).toBe(200);
    }
    await server.api('PUT', `/post/${closedId}`, { token, body: { closingDate: daysFromToday(-1) } });

    const home = await page('/');
    expect(initialData(home.document).jobs).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: openId, ctc: '£29,000' })]),
    );
    const openPage = await page(`/apply/${openId}`);
    const closedPage = await page(`/apply/${closedId}`);
    expect(initialData(openPage.document).job).toMatchObject({ _id: openId, ctc: '£29,000' });
    expect(initialData(closedPage.document).job).toMatchObject({ _id: closedId, closed: true });
    const feed = await (await fetch(`${server.url}/jobs.xml`)).text();
    for (const text of [home.html, openPage.html, closedPage.html, feed]) {
      expect(text).toContain('Discreet');
      expect(text).not.toContain('admin@example.com');
      for (const key of ['postCreator', 'lastEditUser', 'editTime']) expect(text).not.toContain(key);
    }
  });
});

describe('sitemap, robots.txt and the jobs feed', () => {
  it('list exactly the open jobs', async () => {
    const openId = await createJob({ jobTitle: 'Sitemap Open Role' });
    const closedId = await createJob({ jobTitle: 'Sitemap Closed Role' });
    const deletedId = await createJob({ jobTitle: 'Sitemap Deleted Role' });
    const closed = await server.api('PUT', `/post/${closedId}`, {
      token,
      body: { closingDate: daysFromToday(-1) },
    });
    expect(closed.status).toBe(200);
    expect((await server.api('DELETE', `/post/${deletedId}`, { token })).status).toBe(200);

    const open = (await server.api('GET', '/all')).body as Array<{ _id: string }>;
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const sitemap = new JSDOM(await response.text(), { contentType: 'application/xml' }).window.document;
    const locs = [...sitemap.querySelectorAll('url > loc')].map((loc) => loc.textContent);
    const jobLocs = locs.filter((loc) => loc!.includes('/apply/'));
    expect(jobLocs.sort()).toEqual(open.map((job) => `${PUBLIC_URL}/apply/${job._id}`).sort());
    expect(jobLocs).toContain(`${PUBLIC_URL}/apply/${openId}`);
    expect(jobLocs).not.toContain(`${PUBLIC_URL}/apply/${closedId}`);
    expect(jobLocs).not.toContain(`${PUBLIC_URL}/apply/${deletedId}`);
    expect(locs).toContain(`${PUBLIC_URL}/`);

    const feed = await fetch(`${server.url}/jobs.xml`);
    expect(feed.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const rss = new JSDOM(await feed.text(), { contentType: 'application/xml' }).window.document;
    const links = [...rss.querySelectorAll('item > link')].map((link) => link.textContent);
    // The same jobs, each link with the feed's own marker (docs/behaviour.md#sources).
    expect(links.sort()).toEqual(jobLocs.map((loc) => `${loc}?src=rss`).sort());
    // Hostile text from the earlier test is escaped, so the feed still parses as XML.
    expect(rss.querySelector('parsererror')).toBeNull();
  });

  it('robots.txt keeps the dashboard out and points to the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    const text = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).toMatch(/^Disallow: \/reset-password\/$/m);
    expect(text).toMatch(/^Disallow: \/forgot-password$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${PUBLIC_URL}/sitemap\\.xml$`, 'm'));
  });
});

describe('salary from the CTC text', () => {
  it.each([
    ['£24,000 - £28,000', { minValue: 24000, maxValue: 28000, unitText: 'YEAR' }],
    ['£27k per annum', { value: 27000, unitText: 'YEAR' }],
    ['25000', { value: 25000, unitText: 'YEAR' }],
    ['£11.44 per hour', { value: 11.44, unitText: 'HOUR' }],
    ['GBP 2,100 a month', { value: 2100, unitText: 'MONTH' }],
    ['£30k-£35k + bonus', { minValue: 30000, maxValue: 35000, unitText: 'YEAR' }],
  ])('%s', (ctc, expected) => {
    expect(parseSalary(ctc)).toEqual(expected);
  });

  it.each(['Competitive', 'Negotiable DOE', '', 'Band 3'])('no amount in "%s"', (ctc) => {
    expect(parseSalary(ctc)).toBeUndefined();
  });
});

describe('the built assets', () => {
  it('go out precompressed (brotli, gzip) and cached for a year, as the build wrote them', async () => {
    const { execFileSync } = await import('node:child_process');
    const { brotliDecompressSync } = await import('node:zlib');
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const assets = path.join(webDir, 'assets');
    execFileSync(process.execPath, ['scripts/precompress.mjs', assets]);
    const original = readFileSync(path.join(assets, 'index-abc123.js'));

    const { request } = await import('node:http');
    const get = (acceptEncoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request(
          `${server.url}/assets/index-abc123.js`,
          { headers: { 'accept-encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });
});
