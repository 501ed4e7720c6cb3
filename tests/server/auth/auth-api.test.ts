import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { ADMIN } from '../../support/test-server';

const TOKEN_TTL_SECONDS = 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestApp;
beforeAll(async () => {
  server = await buildTestApp({ TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) });
});
afterAll(async () => {
  await server?.stop();
});

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/** Registers a non-admin and answers its e-mail and a token minted by the server (non-admins cannot log in). */
async function registeredUser(label = 'user', password = 'secret-pass') {
  const email = uniqueEmail(label);
  const registered = await server.api('POST', '/register', {
    body: { name: `Name ${label}`, email, password },
  });
  expect(registered.status).toBe(201);
  const user = await server.context.users.findByEmail(email);
  if (!user) throw new Error(`user ${email} was not stored`);
  return { email, password, user, token: await server.context.tokens.issue(user) };
}

describe('POST /api/register', () => {
  it('creates an account: 201 with acknowledged and the new id, stored as a non-admin with a hashed password', async () => {
    const email = uniqueEmail('new');
    const { status, body } = await server.api('POST', '/register', {
      body: { name: 'New Person', email, password: 'abcdef' },
    });
    expect(status).toBe(201);
    expect(body).toEqual({ acknowledged: true, insertedId: expect.stringMatching(UUID) });

    const user = await server.context.users.findByEmail(email);
    expect(user).toMatchObject({ id: body.insertedId, email, name: 'New Person', isAdmin: false });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain('abcdef');
  });

  it('never makes an administrator, whatever the payload claims', async () => {
    const email = uniqueEmail('sneaky');
    const { status } = await server.api('POST', '/register', {
      body: { name: 'Sneaky', email, password: 'abcdef', isAdmin: true, admin: true, role: 'admin' },
    });
    expect(status).toBe(201);
    expect((await server.context.users.findByEmail(email))?.isAdmin).toBe(false);
  });

  it('refuses a password shorter than 6 characters with the specified message', async () => {
    const email = uniqueEmail('short');
    const { status, body } = await server.api('POST', '/register', {
      body: { name: 'Short', email, password: '12345' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Password must be at least 6 characters long.');
    expect(await server.context.users.findByEmail(email)).toBeUndefined();
  });

  it.each([
    ['a missing name', { email: 'x1@example.com', password: 'abcdef' }, messages.nameRequired],
    ['a blank name', { name: '   ', email: 'x2@example.com', password: 'abcdef' }, messages.nameRequired],
    ['a missing email', { name: 'No Email', password: 'abcdef' }, messages.emailRequired],
    ['an empty email', { name: 'No Email', email: '', password: 'abcdef' }, messages.emailRequired],
    ['an invalid email', { name: 'Bad', email: 'not-an-email', password: 'abcdef' }, messages.emailInvalid],
    [
      'an email without a domain',
      { name: 'Bad', email: 'someone@', password: 'abcdef' },
      messages.emailInvalid,
    ],
    ['a missing password', { name: 'No Pass', email: 'x3@example.com' }, messages.passwordRequired],
  ])('refuses %s with 400 and a message', async (_label, payload, message) => {
    const { status, body } = await server.api('POST', '/register', { body: payload });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    const { email } = payload as { email?: string };
    if (email?.includes('@example.com')) {
      expect(await server.context.users.findByEmail(email)).toBeUndefined();
    }
  });

  it('refuses a duplicate email with 409 and a clear message, also when only the case differs', async () => {
    const email = uniqueEmail('dup');
    const first = await server.api('POST', '/register', {
      body: { name: 'First', email, password: 'abcdef' },
    });
    expect(first.status).toBe(201);

    for (const again of [email, email.toUpperCase(), `  ${email.replace('dup', 'DUP')}  `]) {
      const { status, body } = await server.api('POST', '/register', {
        body: { name: 'Second', email: again, password: 'another-password' },
      });
      expect(status).toBe(409);
      expect(body).toEqual({ message: messages.emailTaken });
    }
    // The first account is untouched.
    const user = await server.context.users.findByEmail(email);
    expect(user).toMatchObject({ id: first.body.insertedId, name: 'First' });
  });

  it('stores the email in lower case', async () => {
    const email = uniqueEmail('Mixed.Case');
    const { status } = await server.api('POST', '/register', {
      body: { name: 'Mixed', email: email.toUpperCase(), password: 'abcdef' },
    });
    expect(status).toBe(201);
    expect((await server.context.users.findByEmail(email))?.email).toBe(email.toLowerCase());
  });
});

describe('POST /api/login', () => {
  it('gives the administrator a token only: an HS256 JWT with email, name and a future exp in seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await server.api('POST', '/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['token']);
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    expect(decodeProtectedHeader(body.token)).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(body.token);
    expect(claims.email).toBe(ADMIN.email);
    expect(claims.name).toBe(ADMIN.name);
    expect(Number.isInteger(claims.exp)).toBe(true);
    expect(claims.exp!).toBeGreaterThan(before);
    expect(claims.exp!).toBeGreaterThanOrEqual(before + TOKEN_TTL_SECONDS);
    expect(claims.exp!).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS + 1);
    // Nothing secret travels in the token.
    expect(JSON.stringify(claims)).not.toContain(ADMIN.password);
    expect(JSON.stringify(claims)).not.toContain('argon2');

    // The token opens an admin call.
    const list = await server.api('GET', '/applications', { token: body.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual(expect.any(Array));
  });

  it('accepts the administrator email in any case and with surrounding spaces', async () => {
    const { status, body } = await server.api('POST', '/login', {
      body: { email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password },
    });
    expect(status).toBe(200);
    expect(decodeJwt(body.token).email).toBe(ADMIN.email);
  });

  it('refuses a wrong password with 401 "Invalid email or password."', async () => {
    const { status, body } = await server.api('POST', '/login', {
      body: { email: ADMIN.email, password: 'wrong-password' },
    });
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Invalid email or password.' });
  });

  it('refuses an unknown email with the same 401, not revealing that the account is missing', async () => {
    const { status, body } = await server.api('POST', '/login', {
      body: { email: uniqueEmail('nobody'), password: ADMIN.password },
    });
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Invalid email or password.' });
  });

  it('refuses a registered non-admin with the right password: 403 saying the account is not an administrator', async () => {
    const { email, password } = await registeredUser('plain');
    const { status, body } = await server.api('POST', '/login', { body: { email, password } });
    expect(status).toBe(403);
    expect(body).toEqual({ message: messages.notAdmin });
    expect(body.message).toMatch(/exists/i);
    expect(body.message).toMatch(/not an administrator/i);
    expect(body.token).toBeUndefined();
  });

  it('answers a non-admin with a wrong password like anyone else (401), so 403 proves the password', async () => {
    const { email } = await registeredUser('plain-wrong');
    const { status, body } = await server.api('POST', '/login', {
      body: { email, password: 'not-it-at-all' },
    });
    expect(status).toBe(401);
    expect(body).toEqual({ message: messages.invalidCredentials });
  });

  it.each([
    ['no email', { password: 'abcdef' }, messages.emailRequired],
    ['no password', { email: ADMIN.email }, messages.passwordRequired],
    ['an empty password', { email: ADMIN.email, password: '' }, messages.passwordRequired],
    ['an invalid email', { email: 'admin', password: ADMIN.password }, messages.emailInvalid],
  ])('refuses a login with %s: 400 with a message', async (_label, payload, message) => {
    const { status, body } = await server.api('POST', '/login', { body: payload });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.token).toBeUndefined();
  });
});

describe('GET /api/admin/:email', () => {
  it('needs a token: 401 without one', async () => {
    const { status, body } = await server.api('GET', `/admin/${encodeURIComponent(ADMIN.email)}`);
    expect(status).toBe(401);
    expect(body).toEqual({ message: messages.authRequired });
  });

  it('refuses a token that is not a valid JWT: 401', async () => {
    const { status, body } = await server.api('GET', `/admin/${encodeURIComponent(ADMIN.email)}`, {
      token: 'not.a.jwt',
    });
    expect(status).toBe(401);
    expect(body).toEqual({ message: messages.authRequired });
  });

  it('answers {admin: true, role: admin} to the administrator about their own email', async () => {
    const token = await server.adminToken();
    const { status, body } = await server.api('GET', `/admin/${encodeURIComponent(ADMIN.email)}`, { token });
    expect(status).toBe(200);
    expect(body).toEqual({ admin: true, role: 'admin' });
  });

  it('answers {admin: false, role: user} to a non-admin about their own email, in any case', async () => {
    const { email, token } = await registeredUser('self');
    for (const asked of [email, email.toUpperCase()]) {
      const { status, body } = await server.api('GET', `/admin/${encodeURIComponent(asked)}`, { token });
      expect(status).toBe(200);
      expect(body).toEqual({ admin: false, role: 'user' });
    }
  });

  it('refuses a non-admin asking about someone else with 403, telling nothing about them', async () => {
    const { token } = await registeredUser('curious');
    for (const other of [ADMIN.email, uniqueEmail('unknown')]) {
      const { status, body } = await server.api('GET', `/admin/${encodeURIComponent(other)}`, { token });
      expect(status).toBe(403);
      expect(body).toEqual({ message: messages.adminRequired });
    }
  });

  it('answers the administrator about anyone', async () => {
    const token = await server.adminToken();
    const { email } = await registeredUser('subject');
    const nonAdmin = await server.api('GET', `/admin/${encodeURIComponent(email)}`, { token });
    expect(nonAdmin).toMatchObject({ status: 200, body: { admin: false } });

    const unknown = await server.api('GET', `/admin/${encodeURIComponent(uniqueEmail('ghost'))}`, { token });
    expect(unknown).toMatchObject({ status: 200, body: { admin: false } });

    const second = await registeredUser('second-admin');
    await server.context.users.setAdmin(second.email, true);
    const other = await server.api('GET', `/admin/${encodeURIComponent(second.email.toUpperCase())}`, {
      token,
    });
    expect(other).toMatchObject({ status: 200, body: { admin: true } });
    expect(other.body).toEqual({ admin: true, role: 'admin' });
  });

  it('reads the admin flag from the database now, not from the token', async () => {
    const { email, token } = await registeredUser('promoted');
    const path = `/admin/${encodeURIComponent(email)}`;
    expect((await server.api('GET', path, { token })).body).toEqual({ admin: false, role: 'user' });
    await server.context.users.setAdmin(email, true);
    expect((await server.api('GET', path, { token })).body).toEqual({ admin: true, role: 'admin' });
    await server.context.users.setAdmin(email, false);
    expect((await server.api('GET', path, { token })).body).toEqual({ admin: false, role: 'user' });
  });
});

describe('the admin guard', () => {
  it('a token from the login of an administrator is refused once the account is revoked, and again accepted once re-granted', async () => {
    const { email, password } = await registeredUser('flip-admin', 'user-password');
    await server.context.users.setAdmin(email, true);
    const login = await server.api('POST', '/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect((await server.api('GET', '/applications', { token })).status).toBe(200);
    await server.context.users.setAdmin(email, false);
    const refused = await server.api('GET', '/applications', { token });
    expect(refused).toMatchObject({ status: 403, body: { message: messages.adminRequired } });
    await server.context.users.setAdmin(email, true);
    expect((await server.api('GET', '/applications', { token })).status).toBe(200);
  });
});

describe('the signing secret', () => {
  const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';

  /** A session token as the server signs it, signed here with `secret`: what its holder can forge. */
  const forge = (
    secret: string,
    user: { id: string; email: string; name: string; tokenGeneration: number },
  ) =>
    new SignJWT({ email: user.email, name: user.name, gen: user.tokenGeneration })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));

  it(`is never the one an earlier version kept in the database: the row is deleted and its tokens refused (${engine})`, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-signing-'));
    const base = testDatabaseUrl();
    const scratch = base ? await createScratchDatabase(base) : undefined;
    const storage = { dataDir, databaseUrl: scratch?.url };
    let current: TestApp | undefined;
    try {
      // An earlier version generated the secret and kept it in `settings`, where anyone who could
      // read the database's files found it.
      current = await buildTestApp({}, storage);
      const stored = 'an-old-secret-read-from-the-write-ahead-log-by-someone-else';
      await current.context.database.db.execute(
        sql`insert into settings (key, value) values ('jwt_secret', ${stored}) on conflict (key) do update set value = excluded.value`,
      );
      const admin = (await current.context.users.findByEmail(ADMIN.email))!;
      await current.stop();

      current = await buildTestApp({}, storage);
      const forged = await forge(stored, admin);
      const refused = await current.api('GET', '/applications', { token: forged });
      expect(refused.status).toBe(401);
      const rows = (await current.context.database.db.execute(
        sql`select count(*)::int as n from settings where key = 'jwt_secret'`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(rows.rows[0]!.n).toBe(0);
      // A new login signs with the secret now in use.
      expect((await current.api('GET', '/applications', { token: await current.adminToken() })).status).toBe(
        200,
      );
      if (!scratch) {
        // Without JWT_SECRET (PGlite): a secret of its own in the data folder, the owner's alone,
        // and the operator is told everyone signs in again once.
        const key = path.join(dataDir, 'token-signing.key');
        expect(statSync(key).mode & 0o777).toBe(0o600);
        expect(readFileSync(key, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
        expect(current.context.startNotices.join('\n')).toMatch(/token-signing secret: .* signed out once/);
      }
    } finally {
      await current?.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
