import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../src/shared/jobs/job-contract';
import { siteConfig } from '../../../src/shared/site/site-config';
import { jobs as jobRows } from '../../../src/server/db/schema';
import { adzunaFeed, indeedFeed } from '../../../src/server/site/job-feeds';
import { googleJobPostingProblems } from '../../support/google-job-posting';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';
import { londonDateIn } from '../../support/london-date';

const PUBLIC_URL = 'https://careers.example.co.uk';

let server: TestServer;
let token: string;
let webDir: string;

const createJob = async (overrides: Record<string, unknown>) => {
  const created = await server.api('POST', '/post', { token, body: sampleJob(overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.insertedId as string;
};

const jsonLd = async (id: string) => {
  const html = await (await fetch(`${server.url}/apply/${id}`)).text();
  const scripts = new JSDOM(html).window.document.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]!.textContent!) as Record<string, any>;
};

const xml = async (pathname: string) => {
  const response = await fetch(`${server.url}${pathname}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  return parseXml(await response.text());
};
const parseXml = (text: string) => {
  const document = new JSDOM(text, { contentType: 'application/xml' }).window.document;
  expect(document.querySelector('parsererror')).toBeNull();
  return document;
};
const child = (element: Element, name: string) =>
  [...element.children].find((node) => node.tagName === name)?.textContent ?? null;

/** The three workplace types, each with facts that differ from its free texts (the sample's). */
const jobs = { onSite: '', hybrid: '', remote: '', closed: '', deleted: '' };
let claimsId: string;

beforeAll(async () => {
  webDir = fakeWebBuild();
  server = await startTestServer({ PUBLIC_URL, WEB_DIST_DIR: webDir }, { serveWeb: true });
  token = await server.adminToken();
  const claims = await server.api('POST', '/departments', { token, body: { name: 'Claims' } });
  expect(claims.status).toBe(201);
  claimsId = claims.body.insertedId as string;
  // The sample's texts say "Northampton", "Full time, 37.5 hours" and "£24,000 - £27,000":
  // each job below states other facts, which are what search engines and boards must get.
  jobs.onSite = await createJob({
    jobTitle: 'Claims Handler',
    departmentId: claimsId,
    location: '',
    locations: ['Northampton', 'Leeds'],
    workplaceType: 'on-site',
    employmentTypes: ['part-time', 'fixed-term'],
    pay: { min: 32000, max: 38000, period: 'year' },
    closingDate: londonDateIn(20),
  });
  jobs.hybrid = await createJob({
    jobTitle: 'Hybrid Underwriter',
    location: '',
    locations: ['Leeds'],
    workplaceType: 'hybrid',
    employmentTypes: ['full-time'],
    pay: { min: 14.5, period: 'hour' },
    closingDate: londonDateIn(10),
  });
  jobs.remote = await createJob({
    jobTitle: 'Remote Data Engineer',
    location: '',
    workplaceType: 'remote',
    remoteCountry: 'UK',
    employmentTypes: ['contract'],
    pay: { min: 450, max: 550, period: 'day' },
    closingDate: londonDateIn(5),
  });
  jobs.closed = await createJob({ jobTitle: 'Feed Closed Role', closingDate: londonDateIn(3) });
  jobs.deleted = await createJob({ jobTitle: 'Feed Deleted Role' });
  const closing = await server.api('PUT', `/post/${jobs.closed}`, {
    token,
    body: { closingDate: londonDateIn(-1) },
  });
  expect(closing.status).toBe(200);
  expect((await server.api('DELETE', `/post/${jobs.deleted}`, { token })).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  removeFakeWebBuild(webDir);
});

describe('the independent check of JobPosting data', () => {
  it('finds what Google requires or recommends missing (so a pass means something)', () => {
    const problems = googleJobPostingProblems(
      {
        '@context': 'https://schema.org/',
        '@type': 'JobPosting',
        title: 'Role',
        description: '<p>Text</p>',
        datePosted: '2026-01-05',
        hiringOrganization: {
          '@type': 'Organization',
          name: 'X',
          sameAs: 'https://x.example',
          logo: 'https://x.example/l.png',
        },
        jobLocationType: 'TELECOMMUTE',
        employmentType: 'FULL_TIME_PERMANENT',
      },
      { expectsClosingDate: true },
    );
    expect(problems).toEqual([
      'TELECOMMUTE without applicantLocationRequirements',
      'baseSalary missing',
      "employmentType FULL_TIME_PERMANENT is not one of Google's",
      'identifier missing',
      'directApply missing',
      'validThrough missing or not a date-time',
    ]);
  });
});

describe("a job page's JobPosting, from the job's facts", () => {
  it.each([
    ['on-site', 'onSite'],
    ['hybrid', 'hybrid'],
    ['remote', 'remote'],
  ] as const)('has every property Google requires and recommends for an %s job', async (_kind, key) => {
    const posting = await jsonLd(jobs[key]);
    expect(googleJobPostingProblems(posting, { expectsClosingDate: true })).toEqual([]);
    expect(posting).toMatchObject({
      identifier: { '@type': 'PropertyValue', value: jobs[key] },
      directApply: true,
      validThrough: expect.stringMatching(/T23:59:59[+-]\d{2}:\d{2}$/),
    });
  });

  it('an on-site job: every town, its pay range a year and its employment types, not what the texts say', async () => {
    const posting = await jsonLd(jobs.onSite);
    expect(posting.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: siteConfig.address.street,
          addressLocality: 'Northampton',
          addressRegion: siteConfig.address.region,
          postalCode: siteConfig.address.postalCode,
          addressCountry: 'GB',
        },
      },
      {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Leeds', addressCountry: 'GB' },
      },
    ]);
    expect(posting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'GBP',
      value: { '@type': 'QuantitativeValue', minValue: 32000, maxValue: 38000, unitText: 'YEAR' },
    });
    expect(posting.employmentType).toEqual(['PART_TIME', 'TEMPORARY']);
    expect(posting).not.toHaveProperty('jobLocationType');
    expect(posting).not.toHaveProperty('applicantLocationRequirements');
  });

  it('a hybrid job: its town, one figure an hour', async () => {
    const posting = await jsonLd(jobs.hybrid);
    expect(posting.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Leeds', addressCountry: 'GB' },
    });
    expect(posting.baseSalary.value).toEqual({
      '@type': 'QuantitativeValue',
      minValue: 14.5,
      maxValue: 14.5,
      unitText: 'HOUR',
    });
    expect(posting.employmentType).toBe('FULL_TIME');
  });

  it('a remote job: TELECOMMUTE with the country applicants must live in, and no office', async () => {
    const posting = await jsonLd(jobs.remote);
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    expect(posting.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'UK' });
    expect(posting).not.toHaveProperty('jobLocation');
    expect(posting.baseSalary.value).toMatchObject({ minValue: 450, maxValue: 550, unitText: 'DAY' });
    expect(posting.employmentType).toBe('CONTRACTOR');
  });
});

/** Text elements whose content is CDATA alone: Indeed reads no entities, anywhere in its feed. */
const cdataOnly = (element: Element) =>
  element.childNodes.length > 0 &&
  [...element.childNodes].every((node) => node.nodeType === node.CDATA_SECTION_NODE);

/** What Indeed's guide lists as required of every job, plus the state that its UK towns need. */
const INDEED_REQUIRED = [
  'title',
  'date',
  'referencenumber',
  'requisitionid',
  'url',
  'company',
  'city',
  'state',
  'country',
  'description',
];

describe("Indeed's XML feed", () => {
  it('lists each open job once per town with every element Indeed requires, in CDATA, and ?src=indeed', async () => {
    const response = await fetch(`${server.url}/feeds/indeed.xml`);
    const raw = await response.text();
    // No entity anywhere: every text is CDATA, so `&lt;p&gt;` or `&amp;` cannot appear.
    expect(raw).not.toMatch(/&(?:#\d+|#x[\da-f]+|[a-z]+);/i);
    const feed = parseXml(raw);
    const source = feed.documentElement;
    expect(source.tagName).toBe('source');
    expect(child(source, 'publisher')).toBe(siteConfig.legalName);
    expect(child(source, 'publisherurl')).toBe(`${PUBLIC_URL}/`);
    const entries = [...source.getElementsByTagName('job')];
    for (const entry of entries) {
      for (const name of INDEED_REQUIRED) expect(child(entry, name), name).toBeTruthy();
      for (const element of entry.children) expect(cdataOnly(element), element.tagName).toBe(true);
      expect(child(entry, 'date')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(child(entry, 'url')).toBe(`${PUBLIC_URL}/apply/${child(entry, 'requisitionid')}?src=indeed`);
      expect(child(entry, 'company')).toBe(siteConfig.legalName);
      expect(child(entry, 'country')).toBe('GB');
    }
    const references = entries.map((entry) => child(entry, 'referencenumber'));
    expect(new Set(references).size).toBe(references.length);

    const onSite = entries.filter((entry) => child(entry, 'requisitionid') === jobs.onSite);
    expect(onSite.map((entry) => [child(entry, 'city'), child(entry, 'state')])).toEqual([
      ['Northampton', 'Northamptonshire'],
      ['Leeds', 'West Yorkshire'],
    ]);
    expect(onSite.map((entry) => child(entry, 'referencenumber'))).toEqual([
      `${jobs.onSite}-1`,
      `${jobs.onSite}-2`,
    ]);
    expect(child(onSite[0]!, 'postalcode')).toBe(siteConfig.address.postalCode);
    expect(child(onSite[0]!, 'streetaddress')).toBe(siteConfig.address.street);
    expect(child(onSite[1]!, 'postalcode')).toBeNull();
    expect(child(onSite[0]!, 'salary')).toBe('£32,000 – £38,000 a year');
    expect(child(onSite[0]!, 'jobtype')).toBe('parttime, temporary');
    expect(child(onSite[0]!, 'category')).toBe('Claims');
    expect(child(onSite[0]!, 'expirationdate')).toBe(londonDateIn(20));
    expect(child(onSite[0]!, 'description')).toContain('<li>Answer calls</li>');
    expect(child(onSite[0]!, 'remotetype')).toBeNull();

    // A remote job for the whole country: listed once, where it is based, as Fully remote.
    const remote = entries.filter((entry) => child(entry, 'requisitionid') === jobs.remote);
    expect(remote).toHaveLength(1);
    expect(child(remote[0]!, 'referencenumber')).toBe(jobs.remote);
    expect(child(remote[0]!, 'remotetype')).toBe('Fully remote');
    expect(child(remote[0]!, 'city')).toBe(siteConfig.address.locality);
    expect(child(remote[0]!, 'state')).toBe(siteConfig.address.region);
    expect(child(remote[0]!, 'postalcode')).toBe(siteConfig.address.postalCode);
    expect(child(remote[0]!, 'streetaddress')).toBeNull();
    expect(child(remote[0]!, 'salary')).toBe('£450 – £550 a day');

    const hybrid = entries.find((entry) => child(entry, 'requisitionid') === jobs.hybrid)!;
    expect(child(hybrid, 'remotetype')).toBe('Hybrid remote');
    expect([child(hybrid, 'city'), child(hybrid, 'state')]).toEqual(['Leeds', 'West Yorkshire']);
  });

  it('carries exactly the open jobs: not one past its closing date, not a deleted one', async () => {
    const open = ((await server.api('GET', '/all')).body as Array<{ _id: string }>).map((job) => job._id);
    const feed = await xml('/feeds/indeed.xml');
    const listed = [...feed.getElementsByTagName('job')].map((entry) => child(entry, 'requisitionid'));
    expect([...new Set(listed)].sort()).toEqual([...open].sort());
    expect(listed).not.toContain(jobs.closed);
    expect(listed).not.toContain(jobs.deleted);
  });
});

describe("Adzuna's XML feed", () => {
  it('lists each open job once per place, where it is, with yearly pay figures, and ?src=adzuna', async () => {
    const feed = await xml('/feeds/adzuna.xml');
    expect(feed.documentElement.tagName).toBe('jobs');
    const entries = [...feed.documentElement.getElementsByTagName('job')];
    const jobOf = (entry: Element) => /\/apply\/([^?]+)\?/.exec(child(entry, 'url')!)![1]!;
    for (const entry of entries) {
      for (const name of ['id', 'title', 'description', 'url', 'location', 'company'])
        expect(child(entry, name), name).toBeTruthy();
      expect(child(entry, 'url')).toMatch(new RegExp(`^${PUBLIC_URL}/apply/[^?]+\\?src=adzuna$`));
      expect(child(entry, 'id')!.startsWith(jobOf(entry))).toBe(true);
      // Somewhere, not how the work is done: no "Hybrid ·" or "Remote" in a place.
      expect(child(entry, 'location')).not.toMatch(/hybrid|remote|·/i);
    }
    const ids = entries.map((entry) => child(entry, 'id'));
    expect(new Set(ids).size).toBe(ids.length);
    const open = ((await server.api('GET', '/all')).body as Array<{ _id: string }>).map((job) => job._id);
    expect([...new Set(entries.map(jobOf))].sort()).toEqual([...open].sort());
    expect(entries.map(jobOf)).not.toContain(jobs.closed);
    expect(entries.map(jobOf)).not.toContain(jobs.deleted);

    const of = (id: string) => entries.filter((entry) => jobOf(entry) === id);
    const pay = (entry: Element) => [
      child(entry, 'salary_min'),
      child(entry, 'salary_max'),
      child(entry, 'salary'),
    ];
    expect(of(jobs.onSite).map((entry) => [child(entry, 'id'), child(entry, 'location')])).toEqual([
      [`${jobs.onSite}-1`, 'Northampton, Northamptonshire'],
      [`${jobs.onSite}-2`, 'Leeds, West Yorkshire'],
    ]);
    expect(pay(of(jobs.onSite)[0]!)).toEqual(['32000', '38000', '£32,000 – £38,000 a year']);
    expect(child(of(jobs.onSite)[0]!, 'contract_type')).toBe('contract');
    expect(child(of(jobs.onSite)[0]!, 'contract_time')).toBe('part_time');
    // £14.50 an hour for a full-time year (1,950 hours); £450 – £550 a day for 260 days.
    const [hybrid] = of(jobs.hybrid);
    expect(child(hybrid!, 'location')).toBe('Leeds, West Yorkshire');
    expect(pay(hybrid!)).toEqual(['28275', '28275', '£14.50 an hour']);
    expect(child(hybrid!, 'contract_type')).toBe('permanent');
    expect(child(hybrid!, 'contract_time')).toBe('full_time');
    const [remote] = of(jobs.remote);
    expect(child(remote!, 'id')).toBe(jobs.remote);
    expect(child(remote!, 'location')).toBe('UK');
    expect(pay(remote!)).toEqual(['117000', '143000', '£450 – £550 a day']);
  });
});

describe('a job leaving the feeds', () => {
  it('stays through its closing day and is gone from every feed at UK midnight', async () => {
    const job = (await server.api('GET', `/single/${jobs.onSite}`)).body as Job;
    // Summer: UK midnight is 23:00 UTC.
    const closing = { ...job, closingDate: '2026-06-30' };
    const lastSecond = new Date('2026-06-30T22:59:59Z');
    const midnight = new Date('2026-06-30T23:00:00Z');
    for (const feed of [indeedFeed, adzunaFeed]) {
      expect(feed([closing], PUBLIC_URL, lastSecond)).toContain(`/apply/${job._id}?src=`);
      const after = feed([closing], PUBLIC_URL, midnight);
      expect(after).not.toContain(job._id);
      parseXml(after);
    }
  });
});

describe('feeds and pages with hostile text', () => {
  /** What HTML counts as a parse error and XML 1.0 cannot carry: controls other than tab and line breaks. */
  const CONTROL = /(?![\t\n\r])\p{Cc}/u;

  it('still parse, for a job stored before its text fields refused control characters', async () => {
    const id = await createJob({
      jobTitle: 'Role </title><job>]]> & "quotes"',
      description: 'Line one with ]]> and </description>',
      closingDate: londonDateIn(2),
    });
    // Stored as a row written before the rule would be: a vertical tab pasted from Word, and other
    // C0 and C1 controls, none of which the API now takes.
    await server.context.database.db
      .update(jobRows)
      .set({
        jobTitle: 'Role </title><job>]]> & "quotes"\u0085',
        description:
          'Line one\u000Bline two \u0001\u0008\u001B[31m with ]]> and </description> and a bell \u0007',
        responsibilities: ['Answer\u0007 calls'],
      })
      .where(eq(jobRows.id, id));
    server.context.changes.publish('jobs');
    await expect.poll(async () => (await fetch(`${server.url}/feeds/adzuna.xml`)).text()).toContain('a bell');

    // Each feed's description as its board reads it: Indeed's with the text's own characters (a
    // `<` that would open a tag kept text by a space), Adzuna's as HTML, escaped.
    const descriptions = {
      '/feeds/indeed.xml': '<p>Line one<br>line two [31m with ]]> and < /description> and a bell </p>',
      '/feeds/adzuna.xml':
        '<p>Line one<br>line two [31m with ]]&gt; and &lt;/description&gt; and a bell </p>',
    };
    const indeedText = await (await fetch(`${server.url}/feeds/indeed.xml`)).text();
    expect(indeedText).not.toMatch(/&(?:#\d+|#x[\da-f]+|[a-z]+);/i);
    for (const [pathname, description] of Object.entries(descriptions)) {
      const feed = await xml(pathname);
      const entry = [...feed.getElementsByTagName('job')].find((node) => node.textContent!.includes(id))!;
      expect(child(entry, 'title')).toBe('Role </title><job>]]> & "quotes"');
      expect(child(entry, 'description')).toContain(description);
      expect(child(entry, 'description')).toContain('<li>Answer calls</li>');
    }

    // The RSS feed, read by a real XML parser.
    const rssAnswer = await fetch(`${server.url}/jobs.xml`);
    expect(rssAnswer.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const rssText = await rssAnswer.text();
    expect(rssText).not.toMatch(CONTROL);
    const rss = parseXml(rssText);
    const item = [...rss.querySelectorAll('item')].find((node) => node.textContent!.includes(id))!;
    expect(item.querySelector('title')!.textContent).toBe('Role </title><job>]]> & "quotes" (Northampton)');
    expect(item.querySelector('description')!.textContent).toContain('<p>Line one<br>line two');

    const sitemap = await xml('/sitemap.xml');
    expect(
      [...sitemap.querySelectorAll('loc')].some((loc) => loc.textContent!.endsWith(`/apply/${id}`)),
    ).toBe(true);

    // The job's page and the careers home: no control character in the HTML, and the data and
    // JobPosting inlined in it still parse.
    for (const pathname of [`/apply/${id}`, '/']) {
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      expect(html, pathname).toContain(id);
      expect(html, pathname).not.toMatch(CONTROL);
    }
    const posting = await jsonLd(id);
    expect(posting.title).toBe('Role </title><job>]]> & "quotes"');
    expect(posting.description).toContain('<p>Line one<br>line two [31m with');
  });
});
