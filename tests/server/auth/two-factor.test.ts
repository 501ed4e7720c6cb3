import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { codeAt, createAdmin, createUser, enrolTwoFactor, logIn, nextCode } from '../../support/accounts';

/**
 * The second factor: set-up with a QR code and a first code, the login's code step (TOTP window,
 * no replay, single-use recovery codes), removal, and REQUIRE_ADMIN_2FA's enrolment at login.
 */

const JWT_SECRET = 'two-factor-test-secret-0123456789-abcdefghij';
const STEP_MS = 30_000;

let server: TestApp;
let required: TestApp;
beforeAll(async () => {
  [server, required] = await Promise.all([
    buildTestApp({ JWT_SECRET }),
    buildTestApp({ JWT_SECRET, REQUIRE_ADMIN_2FA: 'true' }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), required?.stop()]);
});

/** An administrator with the second factor on, and the challenge of a fresh login. */
async function enrolledAdmin(label: string) {
  const admin = await createAdmin(server, label);
  const token = await logIn(server, admin.email, admin.password);
  const enrolment = await enrolTwoFactor(server, token, admin.password);
  return { ...admin, ...enrolment, token };
}

async function challengeFor(email: string, password: string, target = server) {
  const login = await target.api('POST', '/login', { body: { email, password } });
  expect(login.status).toBe(200);
  return login.body as { challenge: string; twoFactorRequired?: true; twoFactorSetupRequired?: true };
}

const verify = (body: Record<string, unknown>, target = server) =>
  target.api('POST', '/auth/two-factor/verify', { body });

describe('setting up two-step verification', () => {
  it('answers a secret, its otpauth address and a QR code; it guards nothing until a code is entered', async () => {
    const admin = await createAdmin(server, 'setup');
    const token = await logIn(server, admin.email, admin.password);
    const setup = await server.api('POST', '/auth/two-factor/setup', {
      token,
      body: { password: admin.password },
    });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.body.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toContain(admin.email);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: setup.body.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
      issuer: expect.stringContaining('Careers'),
    });
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    // Not on yet: the login still answers a token, and the account says it is off.
    expect(await logIn(server, admin.email, admin.password)).toEqual(expect.any(String));
    const account = await server.api('GET', '/auth/account', { token });
    expect(account.body).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
  });

  it('refuses a wrong first code, then turns on with the right one and answers ten recovery codes', async () => {
    const admin = await createAdmin(server, 'enable');
    const token = await logIn(server, admin.email, admin.password);
    const setup = await server.api('POST', '/auth/two-factor/setup', {
      token,
      body: { password: admin.password },
    });
    const secret = setup.body.secret as string;

    const wrong = await server.api('POST', '/auth/two-factor/enable', {
      token,
      body: { code: codeAt(secret, Date.now() - 5 * STEP_MS), password: admin.password },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: messages.twoFactorCodeWrong } });
    const malformed = await server.api('POST', '/auth/two-factor/enable', {
      token,
      body: { code: '12ab56', password: admin.password },
    });
    expect(malformed).toMatchObject({ status: 400, body: { message: messages.twoFactorCodeFormat } });

    const code = codeAt(secret);
    const enabled = await server.api('POST', '/auth/two-factor/enable', {
      token,
      body: { code: `${code.slice(0, 3)} ${code.slice(3)}`, password: admin.password },
    });
    expect(enabled.status).toBe(200);
    expect(Object.keys(enabled.body)).toEqual(['recoveryCodes']);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    for (const recovery of enabled.body.recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const account = await server.api('GET', '/auth/account', { token });
    expect(account.body).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    expect(account.body.events).toEqual([expect.objectContaining({ kind: 'two-factor-enabled' })]);
    // Turning it on signs nobody out.
    expect((await server.api('GET', '/applications', { token })).status).toBe(200);

    // A second set-up while it is on is refused.
    const again = await server.api('POST', '/auth/two-factor/setup', {
      token,
      body: { password: admin.password },
    });
    expect(again).toMatchObject({ status: 409, body: { message: messages.twoFactorAlreadyOn } });
  });

  it('keeps the recovery codes as digests only', async () => {
    const admin = await enrolledAdmin('digests');
    const { recoveryCodes } = await import('../../../src/server/db/schema');
    const rows = await server.context.database.db.select().from(recoveryCodes);
    const stored = JSON.stringify(rows);
    for (const code of admin.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  it('refuses enable without a set-up first', async () => {
    const admin = await createAdmin(server, 'no-setup');
    const token = await logIn(server, admin.email, admin.password);
    const refused = await server.api('POST', '/auth/two-factor/enable', {
      token,
      body: { code: '123456', password: admin.password },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: messages.twoFactorNotStarted } });
  });
});

describe('a session alone cannot enrol a second factor', () => {
  it('set-up and activation ask for the current password, refuse a wrong one, and leave the account as it was', async () => {
    const admin = await createAdmin(server, 'stolen-session');
    const token = await logIn(server, admin.email, admin.password);

    const bare = await server.api('POST', '/auth/two-factor/setup', { token, body: {} });
    expect(bare).toMatchObject({ status: 400, body: { message: messages.currentPasswordRequired } });
    const guessed = await server.api('POST', '/auth/two-factor/setup', {
      token,
      body: { password: 'not-the-password' },
    });
    expect(guessed).toMatchObject({ status: 400, body: { message: messages.currentPasswordWrong } });

    const setup = await server.api('POST', '/auth/two-factor/setup', {
      token,
      body: { password: admin.password },
    });
    expect(setup.status).toBe(200);
    const code = codeAt(setup.body.secret);
    for (const body of [{ code }, { code, password: 'not-the-password' }]) {
      const refused = await server.api('POST', '/auth/two-factor/enable', { token, body });
      expect(refused).toMatchObject({
        status: 400,
        body: {
          message: body.password ? messages.currentPasswordWrong : messages.currentPasswordRequired,
        },
      });
    }

    // Nothing was turned on: the password alone still logs in, and the account says so.
    expect(await logIn(server, admin.email, admin.password)).toEqual(expect.any(String));
    const account = await server.api('GET', '/auth/account', { token });
    expect(account.body).toMatchObject({ twoFactorEnabled: false, events: [] });

    const enabled = await server.api('POST', '/auth/two-factor/enable', {
      token,
      body: { code, password: admin.password },
    });
    expect(enabled.status).toBe(200);
  });
});

describe('logging in with a second factor', () => {
  it('the password alone answers a challenge, not a token; the code then gives the token', async () => {
    const admin = await enrolledAdmin('login');
    const login = await server.api('POST', '/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(['challenge', 'twoFactorRequired']);
    expect(login.body.twoFactorRequired).toBe(true);

    // The challenge opens nothing by itself.
    const asBearer = await server.api('GET', '/applications', { token: login.body.challenge });
    expect(asBearer).toMatchObject({ status: 401, body: { message: messages.authRequired } });

    const verified = await verify({ challenge: login.body.challenge, code: nextCode(admin.secret) });
    expect(verified.status).toBe(200);
    expect(Object.keys(verified.body)).toEqual(['token']);
    expect((await server.api('GET', '/applications', { token: verified.body.token })).status).toBe(200);
  });

  it('takes a code once: the same code again is refused (no replay)', async () => {
    const admin = await enrolledAdmin('replay');
    const code = nextCode(admin.secret);
    const first = await verify({ ...(await challengeFor(admin.email, admin.password)), code });
    expect(first.status).toBe(200);
    const replayed = await verify({ ...(await challengeFor(admin.email, admin.password)), code });
    expect(replayed).toMatchObject({ status: 401, body: { message: messages.twoFactorCodeWrong } });
  });

  it('refuses a code used at enrolment, and any earlier one', async () => {
    const admin = await enrolledAdmin('earlier');
    const { challenge } = await challengeFor(admin.email, admin.password);
    // Still inside the window (the step it was taken in, or the one after), but taken already.
    const replayed = await verify({ challenge, code: admin.enrolmentCode });
    expect(replayed).toMatchObject({ status: 401, body: { message: messages.twoFactorCodeWrong } });
    const earlier = await verify({ challenge, code: codeAt(admin.secret, Date.now() - STEP_MS) });
    expect(earlier.status).toBe(401);
  });

  it('accepts one step either side of now, and refuses codes further out', async () => {
    const admin = await enrolledAdmin('window');
    const { challenge } = await challengeFor(admin.email, admin.password);
    for (const offset of [-3 * STEP_MS, -5 * STEP_MS, 3 * STEP_MS, 10 * STEP_MS]) {
      const refused = await verify({ challenge, code: codeAt(admin.secret, Date.now() + offset) });
      expect(refused, `code ${offset / 1000} s away`).toMatchObject({
        status: 401,
        body: { message: messages.twoFactorCodeWrong },
      });
    }
    // A phone whose clock runs a step ahead still gets in.
    expect((await verify({ challenge, code: codeAt(admin.secret, Date.now() + STEP_MS) })).status).toBe(200);
  });

  it('takes each recovery code once, and counts what is left', async () => {
    const admin = await enrolledAdmin('recovery');
    const [first, second] = admin.recoveryCodes;
    const withFirst = await verify({
      ...(await challengeFor(admin.email, admin.password)),
      recoveryCode: ` ${first!.toUpperCase()} `,
    });
    expect(withFirst.status).toBe(200);
    const again = await verify({ ...(await challengeFor(admin.email, admin.password)), recoveryCode: first });
    expect(again).toMatchObject({ status: 401, body: { message: messages.recoveryCodeWrong } });
    const withSecond = await verify({
      ...(await challengeFor(admin.email, admin.password)),
      recoveryCode: second!.replace('-', ''),
    });
    expect(withSecond.status).toBe(200);
    const account = await server.api('GET', '/auth/account', { token: withSecond.body.token });
    expect(account.body.recoveryCodesLeft).toBe(8);
  });

  it("refuses another account's recovery code", async () => {
    const alice = await enrolledAdmin('alice');
    const bob = await enrolledAdmin('bob');
    const refused = await verify({
      ...(await challengeFor(alice.email, alice.password)),
      recoveryCode: bob.recoveryCodes[0],
    });
    expect(refused.status).toBe(401);
  });

  it('refuses a bad body: no code, both kinds, a malformed code', async () => {
    const admin = await enrolledAdmin('body');
    const { challenge } = await challengeFor(admin.email, admin.password);
    expect(await verify({ challenge })).toMatchObject({
      status: 400,
      body: { message: messages.twoFactorCodeOrRecovery },
    });
    expect(await verify({ challenge, code: '123456', recoveryCode: admin.recoveryCodes[0] })).toMatchObject({
      status: 400,
      body: { message: messages.twoFactorCodeOrRecovery },
    });
    expect(await verify({ challenge, code: '12345' })).toMatchObject({
      status: 400,
      body: { message: messages.twoFactorCodeFormat },
    });
  });

  it('refuses an expired, forged or misused challenge, and a session token as a challenge', async () => {
    const admin = await enrolledAdmin('challenge');
    const code = nextCode(admin.secret);
    const key = new TextEncoder().encode(JWT_SECRET);
    const expired = await new SignJWT({ purpose: 'two-factor', gen: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(key);
    const forged = await new SignJWT({ purpose: 'two-factor', gen: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-entirely-0123456789-abcdefgh'));
    const setupChallenge = await new SignJWT({ purpose: 'two-factor-setup', gen: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setExpirationTime('5m')
      .sign(key);
    for (const challenge of [expired, forged, setupChallenge, admin.token, 'nonsense']) {
      const refused = await verify({ challenge, code });
      expect(refused).toMatchObject({ status: 401, body: { message: messages.twoFactorChallengeExpired } });
    }
    // The challenge is issued for five minutes.
    const { challenge } = await challengeFor(admin.email, admin.password);
    const { exp, iat } = decodeJwt(challenge);
    expect(exp! - iat!).toBe(300);
  });

  it('a challenge from before a sign-out everywhere no longer works', async () => {
    const admin = await enrolledAdmin('stale');
    const { challenge } = await challengeFor(admin.email, admin.password);
    await server.api('POST', '/auth/sign-out-everywhere', { token: admin.token });
    const refused = await verify({ challenge, code: nextCode(admin.secret) });
    expect(refused).toMatchObject({ status: 401, body: { message: messages.twoFactorChallengeExpired } });
  });

  it('leaves other accounts’ logins as they were', async () => {
    const admin = await createAdmin(server, 'plain-admin');
    expect(await logIn(server, admin.email, admin.password)).toEqual(expect.any(String));
    const user = await createUser(server, 'plain-user');
    const login = await server.api('POST', '/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login).toMatchObject({ status: 403, body: { message: messages.notAdmin } });
  });
});

describe('removing the second factor', () => {
  it('needs the password; then signs every other session out and the login needs no code', async () => {
    const admin = await enrolledAdmin('remove');
    const other = (
      await verify({ ...(await challengeFor(admin.email, admin.password)), code: nextCode(admin.secret) })
    ).body.token as string;

    const wrong = await server.api('DELETE', '/auth/two-factor', {
      token: admin.token,
      body: { password: 'not-the-password' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: messages.currentPasswordWrong } });

    const removed = await server.api('DELETE', '/auth/two-factor', {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(removed.status).toBe(200);
    expect(Object.keys(removed.body)).toEqual(['token']);
    expect((await server.api('GET', '/applications', { token: removed.body.token })).status).toBe(200);
    for (const old of [admin.token, other]) {
      expect(await server.api('GET', '/applications', { token: old })).toMatchObject({
        status: 401,
        body: { message: messages.sessionRevoked },
      });
    }

    expect(await logIn(server, admin.email, admin.password)).toEqual(expect.any(String));
    const account = await server.api('GET', '/auth/account', { token: removed.body.token });
    expect(account.body).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
    expect(account.body.events.map((event: { kind: string }) => event.kind)).toEqual([
      'two-factor-removed',
      'two-factor-enabled',
    ]);
    // The old recovery codes went with it.
    const again = await server.api('DELETE', '/auth/two-factor', {
      token: removed.body.token,
      body: { password: admin.password },
    });
    expect(again).toMatchObject({ status: 400, body: { message: messages.twoFactorNotOn } });
  });
});

describe('REQUIRE_ADMIN_2FA=true', () => {
  it('walks an administrator without a second factor through enrolment before the token', async () => {
    const admin = await createAdmin(required, 'must-enrol');
    const login = await challengeFor(admin.email, admin.password, required);
    expect(Object.keys(login).sort()).toEqual(['challenge', 'twoFactorSetupRequired']);

    // The set-up challenge opens nothing else, and is no code-step challenge.
    expect((await required.api('GET', '/applications', { token: login.challenge })).status).toBe(401);
    expect((await verify({ challenge: login.challenge, code: '123456' }, required)).status).toBe(401);
    expect((await required.api('GET', '/auth/account', { token: login.challenge })).status).toBe(401);

    const setup = await required.api('POST', '/auth/two-factor/setup', {
      body: { challenge: login.challenge },
    });
    expect(setup.status).toBe(200);
    const enabled = await required.api('POST', '/auth/two-factor/enable', {
      body: { challenge: login.challenge, code: codeAt(setup.body.secret) },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect((await required.api('GET', '/applications', { token: enabled.body.token })).status).toBe(200);
    const account = await required.api('GET', '/auth/account', { token: enabled.body.token });
    expect(account.body).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: true });

    // From now on the login asks for the code.
    const next = await challengeFor(admin.email, admin.password, required);
    expect(next.twoFactorRequired).toBe(true);
  });

  it('refuses set-up without a token or a challenge', async () => {
    const refused = await required.api('POST', '/auth/two-factor/setup', { body: {} });
    expect(refused).toMatchObject({ status: 401, body: { message: messages.authRequired } });
  });
});
