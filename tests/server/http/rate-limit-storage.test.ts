import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { messages } from '../../../src/shared/messages';
import { rateLimits } from '../../../src/server/db/schema';
import { createMemoryLimiter } from '../../../src/server/http/rate-limit';
import { answerLog, clientAddresses, expect429, expectJsonError } from '../../support/answer-checks';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * Where the rate-limit counters live (docs/security.md#rate-limits): in memory with PGlite, in the
 * `rate_limits` table with PostgreSQL. Either way a counter's key is a digest, so any address a
 * client may send fits and the table holds no e-mail or client address, and expired counters are
 * deleted. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const { call, describeNoLeaks } = answerLog();
const { newIp, from } = clientAddresses();

/** 254 characters, the longest address there is: 64 before the @, labels of at most 63. */
const LONG_EMAIL = `${'a'.repeat(64)}@${['b'.repeat(60), 'c'.repeat(60), 'd'.repeat(59)].join('.')}.example`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: '1' },
    { rateLimits: { loginPerMinute: 10, registerPerMinute: 1000 }, rateLimitSweepMs: 200 },
  );
});
afterAll(async () => {
  await server?.stop();
});

const logIn = (email: string, ip: string) =>
  call(server, 'POST', '/api/login', {
    body: JSON.stringify({ email, password: 'not-the-password' }),
    headers: from(ip),
  });

const storedKeys = async () =>
  (await server.context.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);

describe('a counter for a long e-mail address', () => {
  it('takes an address of 254 characters: wrong passwords answer 401, the 11th 429, never a 500', async () => {
    expect(LONG_EMAIL).toHaveLength(254);
    const ip = newIp();
    for (let i = 0; i < 10; i++)
      expectJsonError(await logIn(LONG_EMAIL, ip), 401, messages.invalidCredentials);
    expect429(await logIn(LONG_EMAIL, ip), messages.loginRateLimited);
    const reset = await call(server, 'POST', '/api/auth/forgot-password', {
      body: JSON.stringify({ email: LONG_EMAIL }),
      headers: from(newIp()),
    });
    expect(reset.status).toBe(202);
  });
});

describe('what the counters store', () => {
  it('holds neither the e-mail nor the client address: on PostgreSQL only digests, with PGlite nothing', async () => {
    const email = `counted.${Date.now()}@example.com`;
    const ip = newIp();
    for (let i = 0; i < 3; i++) expectJsonError(await logIn(email, ip), 401, messages.invalidCredentials);
    const keys = await storedKeys();
    if (server.context.database.kind === 'postgres') {
      // The address's counter, the address-and-e-mail one and the e-mail's failures.
      expect(keys.length).toBeGreaterThanOrEqual(3);
    } else {
      expect(keys).toEqual([]);
    }
    const stored = keys.join('\n');
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain(email);
    expect(stored).not.toContain('counted.');
    expect(stored).not.toContain('example.com');
  });
});

describe('expired counters', () => {
  it('are deleted by the periodic sweep; live ones stay', async () => {
    const { db } = server.context.database;
    const now = Date.now();
    const keys = { expired: `sweep-test:expired-${now}`, live: `sweep-test:live-${now}` };
    await db.insert(rateLimits).values([
      { key: keys.expired, points: 3, expire: now - 1_000 },
      { key: keys.live, points: 3, expire: now + 3_600_000 },
    ]);
    const left = async () =>
      (
        await db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(inArray(rateLimits.key, [keys.expired, keys.live]))
      ).map((row) => row.key);
    await expect.poll(left, { timeout: 10_000, interval: 50 }).toEqual([keys.live]);
  });
});

describe('counters kept in memory (PGlite)', () => {
  it('stay at their bound: ended windows go first, then the oldest counter, which then counts again from 1', async () => {
    let now = 0;
    const limiter = createMemoryLimiter({ points: 2, duration: 60, maxKeys: 3, now: () => now });
    for (const key of ['a', 'b', 'c']) await limiter.consume(key);
    await limiter.consume('a');
    expect(limiter.size()).toBe(3);
    await expect(limiter.consume('a')).rejects.toMatchObject({ consumedPoints: 3, remainingPoints: 0 });

    await limiter.consume('d');
    expect(limiter.size()).toBe(3);
    expect(await limiter.get('a')).toBeNull();
    expect((await limiter.consume('a')).consumedPoints).toBe(1);

    now += 61_000;
    await limiter.consume('e');
    expect(limiter.size()).toBe(1);
    expect((await limiter.reward('e', 1)).consumedPoints).toBe(0);
  });
});

describeNoLeaks(14);
