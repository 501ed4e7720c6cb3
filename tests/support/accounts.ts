import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { AppContext } from '../../src/server/root/app-context';
import type { ApiCall } from './test-server';

/**
 * Accounts for the account tests: administrators of their own (so one test's new password, second
 * factor or sign-out never reaches another's), their logins, and the codes an authenticator app
 * would show for a secret, computed as the app computes them.
 */

/** Long, and not guessable: passes the administrators' rule. */
export const STRONG_PASSWORD = 'lantern-orchard-velvet-42';
export const OTHER_STRONG_PASSWORD = 'copper-meadow-whistle-87';

interface Target {
  api: ApiCall;
  context: AppContext;
}

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/** A registered account made an administrator, with STRONG_PASSWORD (or the one given). */
export async function createAdmin(server: Target, label: string, password = STRONG_PASSWORD) {
  const email = uniqueEmail(label);
  const name = `Admin ${label}`;
  const registered = await server.api('POST', '/register', { body: { name, email, password } });
  expect(registered.status).toBe(201);
  await server.context.users.setAdmin(email, true);
  // As stored: addresses are kept in lower case.
  return { email: email.toLowerCase(), name, password, id: registered.body.insertedId as string };
}

/** A registered account that is not an administrator. */
export async function createUser(server: Target, label: string, password = 'plain-secret') {
  const email = uniqueEmail(label);
  const registered = await server.api('POST', '/register', {
    body: { name: `User ${label}`, email, password },
  });
  expect(registered.status).toBe(201);
  return { email, password, id: registered.body.insertedId as string };
}

/** The token of a login that needs no second step. */
export async function logIn(server: Target, email: string, password: string): Promise<string> {
  const answer = await server.api('POST', '/login', { body: { email, password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.token).toEqual(expect.any(String));
  return answer.body.token;
}

/** The code an authenticator app shows for `secret` at `timestamp`. */
export const codeAt = (secret: string, timestamp = Date.now()): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp,
  });

/**
 * The next step's code: one step ahead is inside the accepted window, and later than a code just
 * used, however the clock's step boundaries fall while the test runs.
 */
export const nextCode = (secret: string): string => codeAt(secret, Date.now() + 30_000);

/**
 * Sets up and turns on the second factor through the API, signed in with `token` and confirmed
 * with the account's password; answers the secret, the code it took and the recovery codes.
 */
export async function enrolTwoFactor(server: Target, token: string, password: string) {
  const setup = await server.api('POST', '/auth/two-factor/setup', { token, body: { password } });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret = setup.body.secret as string;
  const enrolmentCode = codeAt(secret);
  const enabled = await server.api('POST', '/auth/two-factor/enable', {
    token,
    body: { code: enrolmentCode, password },
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret, enrolmentCode, recoveryCodes: enabled.body.recoveryCodes as string[] };
}
