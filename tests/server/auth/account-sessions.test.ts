import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { accountEventKinds } from '../../../src/shared/auth/account-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';
import {
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  createAdmin,
  createUser,
  logIn,
} from '../../support/accounts';

/**
 * Change password, sign out everywhere and the account summary: each flow's success and refusals,
 * and what a user notices on their other devices (their tokens refused).
 */

let server: TestApp;
beforeAll(async () => {
  server = await buildTestApp();
});
afterAll(async () => {
  await server?.stop();
});

/** A call every signed-in administrator makes, to see whether a token still opens the API. */
const applications = (token: string) => server.api('GET', '/applications', { token });

describe('POST /api/auth/change-password', () => {
  it('sets the new password, answers a new token for this device and signs the others out', async () => {
    const admin = await createAdmin(server, 'changer');
    const laptop = await logIn(server, admin.email, admin.password);
    const phone = await logIn(server, admin.email, admin.password);

    const changed = await server.api('POST', '/auth/change-password', {
      token: laptop,
      body: { currentPassword: admin.password, newPassword: OTHER_STRONG_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(Object.keys(changed.body)).toEqual(['token']);
    expect(decodeJwt(changed.body.token)).toMatchObject({ email: admin.email, gen: 1 });

    // This device carries on with the new token; every token from before is refused, this one's too.
    expect((await applications(changed.body.token)).status).toBe(200);
    for (const old of [laptop, phone]) {
      const refused = await applications(old);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: messages.sessionRevoked });
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }

    // The old password no longer logs in; the new one does.
    const oldLogin = await server.api('POST', '/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect(oldLogin).toMatchObject({ status: 401, body: { message: messages.invalidCredentials } });
    await logIn(server, admin.email, OTHER_STRONG_PASSWORD);
  });

  it('refuses a wrong current password with 400 (not 401: the session stays), changing nothing', async () => {
    const admin = await createAdmin(server, 'wrong-current');
    const token = await logIn(server, admin.email, admin.password);
    const refused = await server.api('POST', '/auth/change-password', {
      token,
      body: { currentPassword: 'not-my-password', newPassword: OTHER_STRONG_PASSWORD },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: messages.currentPasswordWrong });
    expect((await applications(token)).status).toBe(200);
    await logIn(server, admin.email, admin.password);
  });

  it.each([
    ['shorter than 12 characters', () => 'Short-pass1', messages.adminPasswordTooShort],
    ['a common password, however long', () => 'password1234', /^This password would be too easy to guess\. /],
    ['a keyboard run', () => 'qwertyuiop123', /^This password would be too easy to guess\. /],
    [
      'made of its own e-mail address',
      (email: string) => email.split('@')[0]!,
      /^This password would be too easy to guess\. /,
    ],
  ])('refuses an administrator password %s, saying why', async (_label, candidate, message) => {
    const admin = await createAdmin(server, 'policy');
    const token = await logIn(server, admin.email, admin.password);
    const refused = await server.api('POST', '/auth/change-password', {
      token,
      body: { currentPassword: admin.password, newPassword: candidate(admin.email) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
    // A refusal for guessability carries the estimator's reason, not only the verdict.
    if (typeof message !== 'string') expect(refused.body.message.length).toBeGreaterThan(45);
    expect((await applications(token)).status).toBe(200);
    await logIn(server, admin.email, admin.password);
  });

  it('names what made a password guessable (the estimator’s warning and suggestion)', async () => {
    const admin = await createAdmin(server, 'feedback');
    const token = await logIn(server, admin.email, admin.password);
    const refused = await server.api('POST', '/auth/change-password', {
      token,
      body: { currentPassword: admin.password, newPassword: 'password1234' },
    });
    expect(refused.body.message).toMatch(/common|guess|word/i);
  });

  it('refuses the current password as the new one', async () => {
    const admin = await createAdmin(server, 'same');
    const token = await logIn(server, admin.email, admin.password);
    const refused = await server.api('POST', '/auth/change-password', {
      token,
      body: { currentPassword: admin.password, newPassword: admin.password },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: messages.passwordUnchanged } });
  });

  it('refuses a missing field with 400 and a message', async () => {
    const admin = await createAdmin(server, 'missing');
    const token = await logIn(server, admin.email, admin.password);
    const refused = await server.api('POST', '/auth/change-password', {
      token,
      body: { newPassword: OTHER_STRONG_PASSWORD },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: messages.currentPasswordRequired } });
  });

  it('needs a signed-in administrator: 401 without a token', async () => {
    const refused = await server.api('POST', '/auth/change-password', {
      body: { currentPassword: 'x', newPassword: OTHER_STRONG_PASSWORD },
    });
    expect(refused).toMatchObject({ status: 401, body: { message: messages.authRequired } });
  });

  it('registration keeps the 6-character rule for accounts that are not administrators', async () => {
    const user = await createUser(server, 'six', 'abcdef');
    expect(user.id).toEqual(expect.any(String));
  });
});

describe('POST /api/auth/sign-out-everywhere', () => {
  it('refuses every token of the account from then on, the caller’s included; a new login works', async () => {
    const admin = await createAdmin(server, 'everywhere');
    const devices = [
      await logIn(server, admin.email, admin.password),
      await logIn(server, admin.email, admin.password),
    ];
    const other = await createAdmin(server, 'bystander');
    const otherToken = await logIn(server, other.email, other.password);

    const done = await server.api('POST', '/auth/sign-out-everywhere', { token: devices[0] });
    expect(done).toMatchObject({ status: 200, body: { acknowledged: true } });

    for (const token of devices) {
      for (const [method, path] of [
        ['GET', '/applications'],
        ['GET', '/auth/account'],
        ['GET', `/admin/${encodeURIComponent(admin.email)}`],
        ['POST', '/auth/sign-out-everywhere'],
      ] as const) {
        const refused = await server.api(method, path, { token });
        expect(refused.status, `${method} ${path}`).toBe(401);
        expect(refused.body).toEqual({ message: messages.sessionRevoked });
      }
    }
    // Another administrator is not touched.
    expect((await applications(otherToken)).status).toBe(200);
    // Signing in again gives a working token.
    expect((await applications(await logIn(server, admin.email, admin.password))).status).toBe(200);
  });

  it('needs a token: 401 without one', async () => {
    const refused = await server.api('POST', '/auth/sign-out-everywhere');
    expect(refused.status).toBe(401);
  });
});

describe('GET /api/auth/account', () => {
  it('lists the account’s events, newest first, with when and from which address', async () => {
    const admin = await createAdmin(server, 'events');
    let token = await logIn(server, admin.email, admin.password);
    const fresh = await server.api('GET', '/auth/account', { token });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      email: admin.email,
      name: admin.name,
      twoFactorEnabled: false,
      twoFactorRequired: false,
      recoveryCodesLeft: 0,
      adjustmentsContact: false,
      events: [],
    });

    const changed = await server.api('POST', '/auth/change-password', {
      token,
      body: { currentPassword: admin.password, newPassword: OTHER_STRONG_PASSWORD },
    });
    token = changed.body.token;
    await server.api('POST', '/auth/sign-out-everywhere', { token });
    token = await logIn(server, admin.email, OTHER_STRONG_PASSWORD);

    const account = await server.api('GET', '/auth/account', { token });
    expect(account.body.events.map((event: { kind: string }) => event.kind)).toEqual([
      'signed-out-everywhere',
      'password-changed',
    ]);
    for (const event of account.body.events) {
      expect(event).toEqual({
        _id: expect.any(String),
        kind: expect.stringMatching(new RegExp(`^(${accountEventKinds.join('|')})$`)),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        ip: '127.0.0.1',
      });
      expect(Date.now() - Date.parse(event.at)).toBeLessThan(60_000);
    }
  });

  it('shows only the caller’s own events', async () => {
    const first = await createAdmin(server, 'own-a');
    const second = await createAdmin(server, 'own-b');
    await server.api('POST', '/auth/sign-out-everywhere', {
      token: await logIn(server, first.email, first.password),
    });
    const account = await server.api('GET', '/auth/account', {
      token: await logIn(server, second.email, second.password),
    });
    expect(account.body.email).toBe(second.email);
    expect(account.body.events).toEqual([]);
  });
});

describe('ADMIN_PASSWORD brought back in step at a start', () => {
  it('is a new password like any other: the account’s tokens are refused', async () => {
    const { bootstrapAdmin } = await import('../../../src/server/auth/bootstrap-admin');
    const admin = await createAdmin(server, 'bootstrapped');
    const token = await logIn(server, admin.email, admin.password);
    await bootstrapAdmin(server.context, {
      email: admin.email,
      password: STRONG_PASSWORD + '!',
      name: admin.name,
    });
    expect((await applications(token)).status).toBe(401);
    await logIn(server, admin.email, STRONG_PASSWORD + '!');
  });
});
