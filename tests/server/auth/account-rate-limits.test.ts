import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { answerLog, clientAddresses, expect429, expectJsonError } from '../../support/answer-checks';
import { startTestServer, type TestServer } from '../../support/test-server';
import {
  OTHER_STRONG_PASSWORD,
  codeAt,
  createAdmin,
  enrolTwoFactor,
  logIn,
  nextCode,
  uniqueEmail,
} from '../../support/accounts';

/**
 * The limits on the account calls, at their real values, over a real socket behind a trusted
 * proxy so that each test is a client of its own: reset links per address and per e-mail, and
 * wrong codes and passwords counted as failed logins.
 */

const { call, describeNoLeaks } = answerLog();
const { newIp, from } = clientAddresses();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: '1' },
    {
      rateLimits: {
        loginPerMinute: 10,
        registerPerMinute: 1000,
        applicationsPerMinute: 10,
        emailsPerMinute: 10,
        passwordResetsPerMinute: 5,
        passwordResetsPerEmailPerHour: 3,
      },
    },
  );
});
afterAll(async () => {
  await server?.stop();
});

const json = (body: unknown) => JSON.stringify(body);
const forgot = (email: string, ip: string) =>
  call(server, 'POST', '/api/auth/forgot-password', { body: json({ email }), headers: from(ip) });

/** The .eml files the server wrote for this address (no SMTP_URL: the embedded transport). */
function mailsTo(address: string): string[] {
  const outbox = path.join(server.dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
    .filter((mail) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'm').test(mail));
}

describe('reset links', () => {
  it('the 6th request from one address within a minute gets 429, whatever the e-mails', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const answer = await forgot(uniqueEmail(`spray${i}`), ip);
      expect(answer.status).toBe(202);
    }
    expect429(await forgot(uniqueEmail('spray-last'), ip), messages.forgotPasswordRateLimited);
    expect((await forgot(uniqueEmail('elsewhere'), newIp())).status).toBe(202);
  });

  it('the 4th request for one e-mail within the hour gets 429, from any address, and 3 e-mails at most go', async () => {
    const admin = await createAdmin(server, 'flooded');
    for (let i = 0; i < 3; i++) expect((await forgot(admin.email, newIp())).status).toBe(202);
    expect429Within(await forgot(admin.email, newIp()), messages.forgotPasswordRateLimited, 3600);
    expect429Within(
      await forgot(admin.email.toUpperCase(), newIp()),
      messages.forgotPasswordRateLimited,
      3600,
    );
    await expect.poll(() => mailsTo(admin.email).length, { timeout: 15_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(admin.email)).toHaveLength(3);
  });

  it('an address with no account is limited the same way, so the 429 tells nothing', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) expect((await forgot(nobody, newIp())).status).toBe(202);
    expect429Within(await forgot(nobody, newIp()), messages.forgotPasswordRateLimited, 3600);
  });

  it('new passwords sent with a link: the 11th from one address within a minute gets 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const answer = await call(server, 'POST', '/api/auth/reset-password', {
        body: json({ token: `guess-${i}`, newPassword: OTHER_STRONG_PASSWORD }),
        headers: from(ip),
      });
      expectJsonError(answer, 400, messages.resetLinkInvalid);
    }
    expect429(
      await call(server, 'POST', '/api/auth/reset-password', {
        body: json({ token: 'guess-last', newPassword: OTHER_STRONG_PASSWORD }),
        headers: from(ip),
      }),
      messages.rateLimited,
    );
  });
});

describe('wrong second-factor codes and passwords count as failed logins', () => {
  it('10 wrong codes from one address stop that address, even with the right code; the owner elsewhere gets in', async () => {
    const admin = await createAdmin(server, 'guessed');
    const { secret } = await enrolTwoFactor(
      server,
      await logIn(server, admin.email, admin.password),
      admin.password,
    );
    const attacker = newIp();
    const login = await call(server, 'POST', '/api/login', {
      body: json({ email: admin.email, password: admin.password }),
      headers: from(attacker),
    });
    const { challenge } = login.body;
    for (let i = 0; i < 10; i++) {
      const wrong = await call(server, 'POST', '/api/auth/two-factor/verify', {
        body: json({ challenge, code: codeAt(secret, Date.now() - (10 + i) * 30_000) }),
        headers: from(attacker),
      });
      expectJsonError(wrong, 401, messages.twoFactorCodeWrong);
    }
    expect429(
      await call(server, 'POST', '/api/auth/two-factor/verify', {
        body: json({ challenge, code: nextCode(secret) }),
        headers: from(attacker),
      }),
      messages.loginRateLimited,
    );

    const owner = newIp();
    const ownLogin = await call(server, 'POST', '/api/login', {
      body: json({ email: admin.email, password: admin.password }),
      headers: from(owner),
    });
    const verified = await call(server, 'POST', '/api/auth/two-factor/verify', {
      body: json({ challenge: ownLogin.body.challenge, code: nextCode(secret) }),
      headers: from(owner),
    });
    expect(verified.status).toBe(200);
  });

  it('the right password does not wipe the wrong codes: logging in again before each guess still meets 429 after 10', async () => {
    const admin = await createAdmin(server, 'password-known');
    const { secret } = await enrolTwoFactor(
      server,
      await logIn(server, admin.email, admin.password),
      admin.password,
    );
    const attacker = newIp();
    const logInAgain = () =>
      call(server, 'POST', '/api/login', {
        body: json({ email: admin.email, password: admin.password }),
        headers: from(attacker),
      });
    for (let i = 0; i < 10; i++) {
      const login = await logInAgain();
      expect(login.status, `login before guess ${i + 1}`).toBe(200);
      const wrong = await call(server, 'POST', '/api/auth/two-factor/verify', {
        body: json({ challenge: login.body.challenge, code: codeAt(secret, Date.now() - (10 + i) * 30_000) }),
        headers: from(attacker),
      });
      expectJsonError(wrong, 401, messages.twoFactorCodeWrong);
    }
    expect429(await logInAgain(), messages.loginRateLimited);
  });

  it('the right code after wrong ones starts the count again', async () => {
    const admin = await createAdmin(server, 'fumbled');
    const { secret } = await enrolTwoFactor(
      server,
      await logIn(server, admin.email, admin.password),
      admin.password,
    );
    const ip = newIp();
    const guess = async (times: number) => {
      const login = await call(server, 'POST', '/api/login', {
        body: json({ email: admin.email, password: admin.password }),
        headers: from(ip),
      });
      expect(login.status).toBe(200);
      for (let i = 0; i < times; i++) {
        const wrong = await call(server, 'POST', '/api/auth/two-factor/verify', {
          body: json({
            challenge: login.body.challenge,
            code: codeAt(secret, Date.now() - (10 + i) * 30_000),
          }),
          headers: from(ip),
        });
        expectJsonError(wrong, 401, messages.twoFactorCodeWrong);
      }
      return login.body.challenge as string;
    };
    const challenge = await guess(6);
    const verified = await call(server, 'POST', '/api/auth/two-factor/verify', {
      body: json({ challenge, code: nextCode(secret) }),
      headers: from(ip),
    });
    expect(verified.status).toBe(200);
    // 6 + 5 would be over the limit of 10 had the code not cleared the count.
    await guess(5);
  });

  it('wrong recovery codes count too', async () => {
    const admin = await createAdmin(server, 'recovery-guess');
    await enrolTwoFactor(server, await logIn(server, admin.email, admin.password), admin.password);
    const ip = newIp();
    const login = await call(server, 'POST', '/api/login', {
      body: json({ email: admin.email, password: admin.password }),
      headers: from(ip),
    });
    for (let i = 0; i < 10; i++) {
      const wrong = await call(server, 'POST', '/api/auth/two-factor/verify', {
        body: json({ challenge: login.body.challenge, recoveryCode: `aaaaa-bbbb${i}` }),
        headers: from(ip),
      });
      expectJsonError(wrong, 401, messages.recoveryCodeWrong);
    }
    expect429(
      await call(server, 'POST', '/api/auth/two-factor/verify', {
        body: json({ challenge: login.body.challenge, recoveryCode: 'aaaaa-bbbbz' }),
        headers: from(ip),
      }),
      messages.loginRateLimited,
    );
  });

  it('10 wrong current passwords on the account screen stop that address (a session left open is no way in)', async () => {
    const admin = await createAdmin(server, 'open-session');
    const token = await logIn(server, admin.email, admin.password);
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const wrong = await call(server, 'POST', '/api/auth/change-password', {
        body: json({ currentPassword: `guess-${i}`, newPassword: OTHER_STRONG_PASSWORD }),
        headers: { ...from(ip), authorization: `Bearer ${token}` },
      });
      expectJsonError(wrong, 400, messages.currentPasswordWrong);
    }
    expect429(
      await call(server, 'POST', '/api/auth/change-password', {
        body: json({ currentPassword: admin.password, newPassword: OTHER_STRONG_PASSWORD }),
        headers: { ...from(ip), authorization: `Bearer ${token}` },
      }),
      messages.loginRateLimited,
    );
  });
});

function expect429Within(
  answer: { status: number; headers: Headers; body: any },
  message: string,
  seconds: number,
) {
  expectJsonError(answer, 429, message);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
}

describeNoLeaks(30);
