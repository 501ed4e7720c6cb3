import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { emailOutbox, passwordResets } from '../../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { startSmtpSink, type DeliveredMessage, type SmtpSink } from '../../support/smtp-sink';
import {
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  createAdmin,
  createUser,
  logIn,
  uniqueEmail,
} from '../../support/accounts';

/**
 * "Forgot password?" end to end on the server: the request, the e-mail as a real SMTP listener
 * receives it, and the link's token used once to set a new password.
 */

const PUBLIC_URL = 'https://careers.example.co.uk';
const DELIVERY = { timeout: 15_000, interval: 50 };
const LINK = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/reset-password/([A-Za-z0-9_-]{43})`);

let sink: SmtpSink;
let server: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL });
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const forgot = (email: string, extra: Record<string, unknown> = {}) =>
  server.api('POST', '/auth/forgot-password', { body: { email, ...extra } });
const reset = (token: string, newPassword: string) =>
  server.api('POST', '/auth/reset-password', { body: { token, newPassword } });

const mailsTo = (address: string) => sink.messages.filter((mail) => mail.envelope.to.includes(address));

/** Asks for a link for `email` and answers the message the sink received for `to`, and its token. */
async function requestLink(email: string, to = email): Promise<{ mail: DeliveredMessage; token: string }> {
  const before = mailsTo(to).length;
  const answer = await forgot(email);
  expect(answer.status).toBe(202);
  await expect.poll(() => mailsTo(to).length, DELIVERY).toBe(before + 1);
  const mail = mailsTo(to).at(-1)!;
  const token = LINK.exec(mail.parsed.text ?? '')?.[1];
  expect(token, mail.parsed.text).toBeDefined();
  return { mail, token: token! };
}

describe('POST /api/auth/forgot-password', () => {
  it('e-mails a link to the account’s stored address, and only there', async () => {
    const admin = await createAdmin(server, 'Forgetful');
    const typed = `  ${admin.email.toUpperCase()}  `;
    sink.clear();
    const answer = await forgot(typed, { to: 'attacker@evil.test', cc: 'attacker@evil.test' });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: messages.forgotPasswordSent });

    await expect.poll(() => sink.messages.length, DELIVERY).toBe(1);
    const [mail] = sink.messages;
    expect(mail!.envelope.to).toEqual([admin.email]);
    expect(mail!.parsed.to).toEqual([expect.objectContaining({ address: admin.email })]);
    expect(mail!.parsed.cc ?? []).toEqual([]);
    expect(mail!.parsed.subject).toMatch(/reset your .* password/i);
    expect(mail!.parsed.text).toContain(`Hello ${admin.name},`);
    expect(mail!.parsed.text).toContain('within 30 minutes');
    expect(mail!.parsed.text).toMatch(LINK);
    expect(sink.recipients()).not.toContain('attacker@evil.test');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const admin = await createAdmin(server, 'known');
    sink.clear();
    const known = await forgot(admin.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    await expect.poll(() => sink.messages.length, DELIVERY).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.recipients()).toEqual([admin.email]);
  });

  it('keeps only a digest of the token: neither the database nor the e-mail outbox holds the link', async () => {
    const admin = await createAdmin(server, 'digest');
    const { token } = await requestLink(admin.email);
    const { db } = server.context.database;
    const resets = await db.select().from(passwordResets);
    expect(resets.map((row) => row.tokenHash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(resets)).not.toContain(token);
    expect(JSON.stringify(await db.select().from(emailOutbox))).not.toContain(token);
  });

  it('refuses a malformed address with 400 and the e-mail message', async () => {
    const answer = await forgot('not-an-address');
    expect(answer).toMatchObject({ status: 400, body: { message: messages.emailInvalid } });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once and signs every session out', async () => {
    const admin = await createAdmin(server, 'resetter');
    const session = await logIn(server, admin.email, admin.password);
    const { token } = await requestLink(admin.email);

    const done = await reset(token, OTHER_STRONG_PASSWORD);
    expect(done).toMatchObject({ status: 200, body: { message: messages.passwordResetDone } });

    const old = await server.api('GET', '/applications', { token: session });
    expect(old).toMatchObject({ status: 401, body: { message: messages.sessionRevoked } });
    const oldPassword = await server.api('POST', '/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect(oldPassword.status).toBe(401);
    const fresh = await logIn(server, admin.email, OTHER_STRONG_PASSWORD);
    const account = await server.api('GET', '/auth/account', { token: fresh });
    expect(account.body.events).toEqual([
      expect.objectContaining({ kind: 'password-reset', ip: '127.0.0.1' }),
    ]);
  });

  it('refuses the same link a second time', async () => {
    const admin = await createAdmin(server, 'twice');
    const { token } = await requestLink(admin.email);
    expect((await reset(token, OTHER_STRONG_PASSWORD)).status).toBe(200);
    const again = await reset(token, 'yet-another-strong-passphrase-55');
    expect(again).toMatchObject({ status: 400, body: { message: messages.resetLinkInvalid } });
    await logIn(server, admin.email, OTHER_STRONG_PASSWORD);
  });

  it('refuses an expired link (past its 30 minutes)', async () => {
    const admin = await createAdmin(server, 'expired');
    const { token } = await requestLink(admin.email);
    const hash = createHash('sha256').update(token).digest('hex');
    await server.context.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where token_hash = ${hash}`,
    );
    const refused = await reset(token, OTHER_STRONG_PASSWORD);
    expect(refused).toMatchObject({ status: 400, body: { message: messages.resetLinkInvalid } });
    await logIn(server, admin.email, admin.password);
  });

  it('refuses an unknown token with the same message', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token', 'x'.repeat(200)]) {
      const refused = await reset(token, OTHER_STRONG_PASSWORD);
      expect(refused).toMatchObject({ status: 400, body: { message: messages.resetLinkInvalid } });
    }
  });

  it('changes only the account the link was sent to', async () => {
    const alice = await createAdmin(server, 'alice');
    const bob = await createAdmin(server, 'bob');
    const bobSession = await logIn(server, bob.email, bob.password);
    const { token: aliceToken } = await requestLink(alice.email);
    expect((await reset(aliceToken, OTHER_STRONG_PASSWORD)).status).toBe(200);
    // Bob keeps his password and his session; Alice's link did nothing to him.
    await logIn(server, bob.email, bob.password);
    expect((await server.api('GET', '/applications', { token: bobSession })).status).toBe(200);
    const bobWithAlicePassword = await server.api('POST', '/login', {
      body: { email: bob.email, password: OTHER_STRONG_PASSWORD },
    });
    expect(bobWithAlicePassword.status).toBe(401);
  });

  it('a newer password ends links asked for before it', async () => {
    const admin = await createAdmin(server, 'superseded');
    const { token: first } = await requestLink(admin.email);
    const { token: second } = await requestLink(admin.email);
    expect((await reset(second, OTHER_STRONG_PASSWORD)).status).toBe(200);
    expect((await reset(first, 'a-different-strong-passphrase-31')).status).toBe(400);
  });

  it('holds an administrator to the administrators’ rule, keeping the link usable after a refusal', async () => {
    const admin = await createAdmin(server, 'weak');
    const { token } = await requestLink(admin.email);
    const short = await reset(token, 'short-one');
    expect(short).toMatchObject({ status: 400, body: { message: messages.adminPasswordTooShort } });
    const common = await reset(token, 'password1234');
    expect(common.status).toBe(400);
    expect(common.body.message).toMatch(/^This password would be too easy to guess\. /);
    expect((await reset(token, STRONG_PASSWORD + '-x')).status).toBe(200);
  });

  it('lets an account that is not an administrator reset too, under the 6-character rule', async () => {
    const user = await createUser(server, 'ordinary');
    const { token } = await requestLink(user.email);
    const tooShort = await reset(token, 'abc');
    expect(tooShort).toMatchObject({ status: 400, body: { message: messages.passwordTooShort } });
    expect((await reset(token, 'simple')).status).toBe(200);
    // Still not an administrator: the right password meets the usual 403.
    const login = await server.api('POST', '/login', { body: { email: user.email, password: 'simple' } });
    expect(login).toMatchObject({ status: 403, body: { message: messages.notAdmin } });
  });
});
