import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';
import { countReplays, sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * The open jobs and the site's pages are repeated straight from the HTTP server once Fastify has
 * sent them (src/server/http/answer-replay.ts). What a client gets must not change: the same
 * headers and bytes as Fastify's own answer, the new list as soon as a job changes, and Fastify's
 * own handling whenever the request is anything but plain.
 */

let server: TestServer;
let webDir: string;
let token: string;
let replays: { count(): number };

beforeAll(async () => {
  webDir = fakeWebBuild();
  server = await startTestServer({ WEB_DIST_DIR: webDir }, { serveWeb: true });
  token = await server.adminToken();
  replays = countReplays(server);
});
afterAll(async () => {
  await server?.stop();
  removeFakeWebBuild(webDir);
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(
  pathname: string,
  headers: Record<string, string> = {},
  options: { agent?: Agent; base?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = `${options.base ?? server.url}${pathname}`;
    const request = httpRequest(url, { headers, agent: options.agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

/** Whether a plain GET of `pathname` is answered by the replay now. */
async function replayedNow(pathname: string) {
  const before = replays.count();
  expect((await get(pathname)).status).toBe(200);
  return replays.count() > before;
}

async function twice(pathname: string, headers: Record<string, string> = {}) {
  const before = replays.count();
  const first = await get(pathname, headers);
  const second = await get(pathname, headers);
  return { first, second, replayed: replays.count() - before };
}

describe('answers repeated without Fastify', () => {
  it.each(['br', 'gzip', 'identity'])(
    'GET /api/all (%s): the same status, headers and bytes as Fastify sent',
    async (encoding) => {
      const { first, second, replayed: count } = await twice('/api/all', { 'accept-encoding': encoding });
      expect(first.status).toBe(200);
      expect(count).toBe(1);
      expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
      expect(second.body.equals(first.body)).toBe(true);
      expect(second.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('the careers home page and the other pages too', async () => {
    for (const pathname of ['/', '/about', '/privacy']) {
      const { first, second, replayed: count } = await twice(pathname, { 'accept-encoding': 'gzip' });
      expect(first.status).toBe(200);
      expect(count, pathname).toBe(1);
      expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
      expect(second.body.equals(first.body)).toBe(true);
    }
  });

  it('a job change is seen at once: the kept answer is not repeated once it is stale', async () => {
    await twice('/api/all');
    const created = await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Fresh Role' }) });
    expect(created.status).toBe(201);
    const after = await get('/api/all');
    expect(JSON.parse(after.body.toString()).map((job: { jobTitle: string }) => job.jobTitle)).toContain(
      'Fresh Role',
    );
    const home = await get('/');
    expect(home.body.toString()).toContain('Fresh Role');
  });

  // The job tests read the list through inject, which never meets the replay: every kind of job
  // change must make what it keeps stale, here where the replay is in the path.
  it('an edit, a passed closing date, a reopening and a deletion are each seen at once', async () => {
    /** What a visitor gets right after `change`, the list and the home page having been kept. */
    const rightAfter = async (change: () => Promise<unknown>) => {
      // Kept: each is repeated without Fastify. On PostgreSQL the previous change also comes
      // back as a notification a moment later and drops the caches once more, so this waits.
      await expect.poll(async () => (await replayedNow('/api/all')) && (await replayedNow('/'))).toBe(true);
      await change();
      const list = await get('/api/all');
      const home = await get('/');
      return {
        titles: JSON.parse(list.body.toString()).map((job: { jobTitle: string }) => job.jobTitle),
        home: home.body.toString(),
      };
    };
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(Date.now() - 86_400_000),
    );
    let id = '';

    const created = await rightAfter(async () => {
      id = (await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Steady Role' }) })).body
        .insertedId;
    });
    expect(created.titles).toContain('Steady Role');
    expect(created.home).toContain('Steady Role');

    const edited = await rightAfter(async () => {
      const answer = await server.api('PUT', `/post/${id}`, { token, body: { jobTitle: 'Edited Role' } });
      expect(answer.status).toBe(200);
    });
    expect(edited.titles).toContain('Edited Role');
    expect(edited.titles).not.toContain('Steady Role');
    expect(edited.home).toContain('Edited Role');

    const closed = await rightAfter(() =>
      server.api('PUT', `/post/${id}`, { token, body: { closingDate: yesterday } }),
    );
    expect(closed.titles).not.toContain('Edited Role');
    expect(closed.home).not.toContain('Edited Role');

    const reopened = await rightAfter(() =>
      server.api('PUT', `/post/${id}`, { token, body: { closingDate: '' } }),
    );
    expect(reopened.titles).toContain('Edited Role');
    expect(reopened.home).toContain('Edited Role');

    const deleted = await rightAfter(async () => {
      expect((await server.api('DELETE', `/post/${id}`, { token })).status).toBe(200);
    });
    expect(deleted.titles).not.toContain('Edited Role');
    expect(deleted.home).not.toContain('Edited Role');
  });

  it('leaves Fastify every request that is not plain: Origin, If-None-Match, a query, HEAD', async () => {
    const plain = await get('/api/all');
    await get('/api/all');
    const before = replays.count();

    const cors = await get('/api/all', { origin: 'https://elsewhere.example' });
    expect(cors.status).toBe(200);
    const revalidated = await get('/api/all', { 'if-none-match': String(plain.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect((await get('/api/all?include=closed')).status).toBe(200);
    expect((await get('/?utm_source=feed')).status).toBe(200);
    const head = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${server.url}/api/all`, { method: 'HEAD' }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      request.on('error', reject);
      request.end();
    });
    expect(head).toBe(200);
    expect(replays.count()).toBe(before);
  });

  it('never repeats an error: unknown pages answer 404 through Fastify each time', async () => {
    const before = replays.count();
    const { first, second } = await twice('/no-such-page');
    expect(first.status).toBe(404);
    expect(second.status).toBe(404);
    expect(replays.count()).toBe(before);
  });
});

describe('what the replay keeps', () => {
  it("strangers cannot fill it: 10,000 made-up addresses that answer 200 (records, reset links) add nothing, and a new job's page is still replayed", async () => {
    const before = server.app.answerReplay!.held();
    const junk = Array.from({ length: 10_000 }, (_, i) =>
      i % 10 === 0
        ? `/about${'/'.repeat(1 + (i % 7))}`
        : i % 5 === 3
          ? `/reset-password/link-${i}`
          : i % 2
            ? `/dashboard/application/x${i}`
            : `/dashboard/edit/${i}`,
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    try {
      for (let i = 0; i < junk.length; i += 64) {
        const answers = await Promise.all(
          junk.slice(i, i + 64).map((pathname) => get(pathname, { 'accept-encoding': 'gzip' }, { agent })),
        );
        for (const answer of answers) expect(answer.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }

    const created = await server.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: 'After The Flood' }),
    });
    const page = `/apply/${created.body.insertedId}`;
    const replayedBefore = replays.count();
    const first = await get(page);
    expect(replays.count(), 'a new page comes from Fastify').toBe(replayedBefore);
    expect(first.status).toBe(200);
    expect(first.body.toString()).toContain('After The Flood');
    // Repeated, once the creation's own notification (PostgreSQL) has come back and gone.
    await expect.poll(() => replayedNow(page)).toBe(true);
    // Only the job's page came in (its body and headers): the junk left nothing behind.
    const after = server.app.answerReplay!.held();
    expect(after.entries).toBeLessThanOrEqual(before.entries + 1);
    expect(after.bytes).toBeLessThan(before.bytes + 64 * 1024);
  }, 120_000);

  describe('with room for three answers', () => {
    // A server of its own, started before the test: its start is set-up, not what the test checks.
    let dir: string;
    let small: Awaited<ReturnType<typeof startTestServer>>;
    beforeAll(async () => {
      dir = fakeWebBuild();
      small = await startTestServer({ WEB_DIST_DIR: dir }, { serveWeb: true, replayEntries: 3 });
    });
    afterAll(async () => {
      await small?.stop();
      if (dir) removeFakeWebBuild(dir);
    });

    it('a full store makes room by dropping stale answers first, then the least recently used', async () => {
      const replay = small.app.answerReplay!;
      const served = countReplays(small);
      const replayedNow = async (pathname: string) => {
        const before = served.count();
        expect((await get(pathname, {}, { base: small.url })).status).toBe(200);
        return served.count() > before;
      };
      for (const pathname of ['/about', '/contact', '/privacy'])
        expect(await replayedNow(pathname)).toBe(false);
      expect(replay.held().entries).toBe(3);
      expect(await replayedNow('/about')).toBe(true); // now the most recently used
      expect(await replayedNow('/')).toBe(false); // kept, in place of /contact, the least recently used
      expect(replay.held().entries).toBe(3);
      expect(await replayedNow('/about')).toBe(true);
      expect(await replayedNow('/')).toBe(true);
      expect(await replayedNow('/contact')).toBe(false); // it was dropped; kept again, in place of /privacy
      expect(await replayedNow('/contact')).toBe(true);

      // The home page goes stale when a job changes: a full store drops it before anything in use.
      expect(await replayedNow('/')).toBe(true); // the most recently used, yet stale after this:
      const token = await small.adminToken();
      expect((await small.api('POST', '/post', { token, body: sampleJob() })).status).toBe(201);
      expect(await replayedNow('/privacy')).toBe(false);
      expect(await replayedNow('/about')).toBe(true);
      expect(await replayedNow('/contact')).toBe(true);
      expect(await replayedNow('/privacy')).toBe(true);
      expect(replay.held().entries).toBe(3);
    });
  });
});
