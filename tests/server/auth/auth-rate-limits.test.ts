import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { hashPassword } from '../../../src/server/auth/passwords';
import { startServerAtRealLimits } from '../../support/real-limits-server';
import { answerLog, clientAddresses, expect429, expectJsonError, login } from '../../support/answer-checks';
import { ADMIN, type TestServer } from '../../support/test-server';

/**
 * The limits on logins and registrations, at their real values. Over a real socket behind a
 * trusted proxy, so that each test is a client of its own, as the limits count per address.
 */

const { call, describeNoLeaks } = answerLog();
const { newIp, from } = clientAddresses();

let server: TestServer;
beforeAll(async () => {
  ({ server } = await startServerAtRealLimits(call));
});
afterAll(async () => {
  await server?.stop();
});

describe('rate limits on logins and registrations (real limits, behind a trusted proxy so each test is its own client)', () => {
  it('login: the 31st failed try from one address within a minute gets 429, even with the right password', async () => {
    // Password spraying: one address, a few guesses at many e-mail addresses.
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(`probe${i}@example.com`, 'wrong-password'),
        headers: from(ip),
      });
      expectJsonError(answer, 401, messages.invalidCredentials);
    }
    const blocked = await call(server, 'POST', '/api/login', {
      body: login(ADMIN.email, ADMIN.password),
      headers: from(ip),
    });
    expect429(blocked, messages.loginRateLimited);
    expect(blocked.body.token).toBeUndefined();

    // Another address is not affected.
    const other = await call(server, 'POST', '/api/login', {
      body: login(ADMIN.email, ADMIN.password),
      headers: from(newIp()),
    });
    expect(other.status).toBe(200);
  });

  it('login: 11 wrong passwords for one email from one address get 429', async () => {
    const ip = newIp();
    const email = 'victim-one-ip@example.com';
    for (let i = 0; i < 10; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(email, `guess-${i}`),
        headers: from(ip),
      });
      expect(answer.status).toBe(401);
    }
    expect429(
      await call(server, 'POST', '/api/login', { body: login(email, 'guess-10'), headers: from(ip) }),
      messages.loginRateLimited,
    );
  });

  it("login: a stranger's wrong passwords for an administrator's e-mail never lock the administrator out", async () => {
    const attacker = newIp();
    for (let i = 0; i < 10; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, `guess-${i}`),
        headers: from(attacker),
      });
      expect(answer.status).toBe(401);
    }
    // The stranger is stopped, even with the right password...
    expect429(
      await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, 'guess-10'),
        headers: from(attacker),
      }),
      messages.loginRateLimited,
    );
    expect429(
      await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, ADMIN.password),
        headers: from(attacker),
      }),
      messages.loginRateLimited,
    );
    // ...while the administrator, from their own address, logs in (in any letter case).
    const admin = await call(server, 'POST', '/api/login', {
      body: login(ADMIN.email.toUpperCase(), ADMIN.password),
      headers: from(newIp()),
    });
    expect(admin.status).toBe(200);
    expect(admin.body.token).toEqual(expect.any(String));
  });

  it('login: failures for one e-mail from many addresses slow its logins down, but its owner still gets in', async () => {
    const email = 'spread-out@example.com';
    await server.context.users.create({
      name: 'Spread Out',
      email,
      passwordHash: await hashPassword('the-right-one'),
      isAdmin: true,
    });
    for (let i = 0; i < 15; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(i % 2 ? email : email.toUpperCase(), `guess-${i}`),
        headers: from(newIp()),
      });
      expect(answer.status).toBe(401);
    }
    const started = Date.now();
    const owner = await call(server, 'POST', '/api/login', {
      body: login(email, 'the-right-one'),
      headers: from(newIp()),
    });
    expect(owner.status).toBe(200);
    // Five failures past the free ten: this try waited 4 s (a machine under load only adds to it).
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    // Another e-mail address is not slowed.
    const other = await call(server, 'POST', '/api/login', {
      body: login('someone-else@example.com', 'x'),
      headers: from(newIp()),
    });
    expect(other.status).toBe(401);
  }, 60_000);

  it('login: successful logins are not counted against an address', async () => {
    const ip = newIp();
    for (let i = 0; i < 15; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, ADMIN.password),
        headers: from(ip),
      });
      expect(answer.status, `login ${i + 1}`).toBe(200);
    }
  });

  it('register: the 6th registration from one address within a minute gets 429 and creates nothing', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const answer = await call(server, 'POST', '/api/register', {
        body: JSON.stringify({ name: `R${i}`, email: `reg-${ip}-${i}@example.com`, password: 'abcdef' }),
        headers: from(ip),
      });
      expect(answer.status).toBe(201);
    }
    const email = `reg-${ip}-blocked@example.com`;
    expect429(
      await call(server, 'POST', '/api/register', {
        body: JSON.stringify({ name: 'Blocked', email, password: 'abcdef' }),
        headers: from(ip),
      }),
      messages.rateLimited,
    );
    expect(await server.context.users.findByEmail(email)).toBeUndefined();
    const other = await call(server, 'POST', '/api/register', {
      body: JSON.stringify({ name: 'Other', email, password: 'abcdef' }),
      headers: from(newIp()),
    });
    expect(other.status).toBe(201);
  });
});

describeNoLeaks(80);
