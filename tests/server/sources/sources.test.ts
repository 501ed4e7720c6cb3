import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../src/server/db/schema';
import { heardAboutOptions } from '../../../src/shared/sources/source-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { createJob } from '../../support/hiring';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';

/**
 * Where applications come from (docs/behaviour.md#sources): the marker an application carries is
 * resolved and stored, never a reason to refuse it; the referring host and the applicant's own
 * answer are kept; tracking links are made with a free code, count what they brought, and give
 * their address as a QR code.
 */
let server: TestApp;
let token: string;
let jobId: string;
let cv: string;
beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  jobId = await createJob(server as never);
  cv = toDataUrl(await validPdf('Sources Test CV'));
}, 60_000);
afterAll(async () => {
  await server.stop();
});

let counter = 0;
const applyWith = (extra: Record<string, unknown>) => {
  counter++;
  return server.api('POST', '/applications', {
    body: {
      name: `Source Applicant${counter}`,
      email: `source.applicant${counter}@example.com`,
      phone: '07700 900123',
      about: 'Cover letter.',
      jobId,
      pdfFile: cv,
      ...extra,
    },
  });
};
const stored = async (id: string) => {
  const [row] = await server.context.database.db
    .select({
      source: applications.source,
      referrerHost: applications.referrerHost,
      heardAbout: applications.heardAbout,
    })
    .from(applications)
    .where(eq(applications.id, id));
  return row;
};

describe('an application’s source', () => {
  it('records a link’s code (archived too), a feed’s marker, none as direct and anything else as unknown, refusing none', async () => {
    const made = await server.api('POST', '/tracking-links', {
      token,
      body: { kind: 'event', name: 'Leeds Careers Fair' },
    });
    expect(made.status).toBe(201);
    expect(made.body.code).toBe('leeds-careers-fair');
    const archived = await server.api('POST', '/tracking-links', {
      token,
      body: { kind: 'poster', name: 'Old poster', code: 'old-poster' },
    });
    expect((await server.api('POST', `/tracking-links/${archived.body.id}/archive`, { token })).status).toBe(
      200,
    );

    const cases: [Record<string, unknown>, string][] = [
      [{ source: 'leeds-careers-fair' }, 'leeds-careers-fair'],
      [{ source: 'old-poster' }, 'old-poster'],
      [{ source: 'indeed' }, 'indeed'],
      [{}, 'direct'],
      [{ source: '' }, 'direct'],
      [{ source: 'Bad Marker!<script>' }, 'unknown'],
      [{ source: 'no-such-link' }, 'unknown'],
      [{ source: 'a'.repeat(5000) }, 'unknown'],
      [{ source: 42 }, 'unknown'],
    ];
    for (const [extra, source] of cases) {
      const answer = await applyWith(extra);
      expect(answer.status, JSON.stringify(extra).slice(0, 60)).toBe(201);
      expect((await stored(answer.body.insertedId))!.source).toBe(source);
    }

    // The admin's read of the application carries it, and the link counts what it brought.
    const links = (await server.api('GET', '/tracking-links', { token })).body;
    expect(links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'leeds-careers-fair', applications: 1, archivedAt: null }),
        expect.objectContaining({ code: 'old-poster', applications: 1, archivedAt: expect.any(String) }),
      ]),
    );
  });

  it('keeps an outside host only, and takes the answer from the list alone', async () => {
    const outside = await applyWith({ referrerHost: 'www.Google.co.uk', heardAbout: 'search-engine' });
    expect(await stored(outside.body.insertedId)).toEqual({
      source: 'direct',
      referrerHost: 'www.google.co.uk',
      heardAbout: 'search-engine',
    });
    const detail = await server.api('GET', `/applications/${outside.body.insertedId}`, { token });
    expect(detail.body).toMatchObject({
      source: 'direct',
      referrerHost: 'www.google.co.uk',
      heardAbout: 'search-engine',
    });
    // The applicant's access export carries the same.
    const exported = await server.api(
      'GET',
      `/applicants/${encodeURIComponent(`source.applicant${counter}@example.com`)}/export`,
      {
        token,
      },
    );
    expect(exported.body.applications[0]).toMatchObject({
      source: 'direct',
      referrerHost: 'www.google.co.uk',
      heardAbout: 'search-engine',
    });

    // Our own host, or a path smuggled in, is no referrer; a blank answer is none.
    const own = new URL(server.context.config.publicUrl).host;
    for (const referrerHost of [own, 'evil.example/path?q=secret']) {
      const answer = await applyWith({ referrerHost, heardAbout: '' });
      expect(answer.status).toBe(201);
      expect(await stored(answer.body.insertedId)).toMatchObject({ referrerHost: null, heardAbout: null });
    }

    const refused = await applyWith({ heardAbout: 'a billboard' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Choose one of the listed answers, or leave it blank.');
    expect(heardAboutOptions.map((option) => option.value)).toContain('friend-or-colleague');
  });
});

describe('tracking links', () => {
  it('give a free code, refuse a taken or reserved one, and point at the job', async () => {
    const first = await server.api('POST', '/tracking-links', {
      token,
      body: { kind: 'board', name: 'Indeed' },
    });
    // `indeed` is the feed's own marker: the link gets the next free code.
    expect(first.body.code).toBe('indeed-2');
    const second = await server.api('POST', '/tracking-links', {
      token,
      body: { kind: 'board', name: 'Indeed' },
    });
    expect(second.body.code).toBe('indeed-3');
    const taken = await server.api('POST', '/tracking-links', {
      token,
      body: { kind: 'other', name: 'Again', code: 'indeed-2' },
    });
    expect(taken.status).toBe(409);
    const reserved = await server.api('POST', '/tracking-links', {
      token,
      body: { kind: 'other', name: 'Direct', code: 'direct' },
    });
    expect(reserved.status).toBe(400);
    const referral = await server.api('POST', '/tracking-links', {
      token,
      body: { kind: 'referral', name: 'Sam Patel', jobId },
    });
    expect(referral.body).toMatchObject({
      code: 'sam-patel',
      address: `${server.context.config.publicUrl}/apply/${jobId}?src=sam-patel`,
      jobTitle: 'Customer Service Advisor',
    });
    // The employee's name can be taken off; the code, and so the posters, stay.
    const renamed = await server.api('PATCH', `/tracking-links/${referral.body.id}`, {
      token,
      body: { name: 'A former colleague' },
    });
    expect(renamed.status).toBe(200);
    const listed = (await server.api('GET', '/tracking-links', { token })).body as { id: string }[];
    expect(listed.find((link) => link.id === referral.body.id)).toMatchObject({
      name: 'A former colleague',
      code: 'sam-patel',
    });
  });

  it('draw the address as a QR code: a PNG that reads back to it, and a well-formed SVG', async () => {
    const link = await server.api('POST', '/tracking-links', {
      token,
      body: { kind: 'poster', name: 'Canteen poster' },
    });
    const png = await server.api('GET', `/tracking-links/${link.body.id}/qr.png`, { token });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toContain('qr-canteen-poster.png');
    const image = PNG.sync.read(png.bytes);
    const read = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(read?.data).toBe(`${server.context.config.publicUrl}/?src=canteen-poster`);

    const svg = await server.api('GET', `/tracking-links/${link.body.id}/qr.svg`, { token });
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const document = new JSDOM(svg.bytes.toString('utf8'), { contentType: 'image/svg+xml' }).window.document;
    expect(document.querySelector('parsererror')).toBeNull();
    expect(document.documentElement.localName).toBe('svg');
    expect(document.querySelectorAll('path').length).toBeGreaterThan(0);
  });
});

describe('the feeds’ own markers', () => {
  it('put ?src=rss, ?src=indeed and ?src=adzuna on their job links', async () => {
    const rss = (await server.request('GET', '/jobs.xml')).bytes.toString('utf8');
    expect(rss).toContain(`/apply/${jobId}?src=rss</link>`);
    const indeed = (await server.request('GET', '/feeds/indeed.xml')).bytes.toString('utf8');
    expect(indeed).toContain(`/apply/${jobId}?src=indeed]]>`);
    const adzuna = (await server.request('GET', '/feeds/adzuna.xml')).bytes.toString('utf8');
    expect(adzuna).toContain(`/apply/${jobId}?src=adzuna`);
  });
});
