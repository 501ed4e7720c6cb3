import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATIONS_PER_ADMIN_PER_DAY } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import {
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  createAdmin,
  createUser,
  enrolTwoFactor,
  logIn,
  nextCode,
  uniqueEmail,
} from '../../support/accounts';
import { applyTo, assignInterviewer, assignJob, createJob, invite } from '../../support/hiring-team';
import { londonToday } from '../../../src/shared/format/calendar-date';
import { ADMIN } from '../../support/test-server';
import type { TeamMember } from '../../../src/shared/team/team-contract';

/**
 * Administrators invite people to the hiring team by e-mail (docs/security.md#the-hiring-team):
 * the invitation as a real SMTP listener receives it, its single-use link to choose a password
 * under the administrators' rules, the sign-in with a second factor, and removal; and, from the
 * .eml files a server without SMTP writes, what an attacker tried: earlier links that outlived a
 * new invitation, invitations without end, and a name chosen in advance for the greeting.
 */

const PUBLIC_URL = 'https://careers.example.co.uk';
const DELIVERY = { timeout: 15_000, interval: 50 };
const LINK = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/welcome/([A-Za-z0-9_-]{43})`);

let sink: SmtpSink;
let server: TestApp;
let adminToken: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL });
  adminToken = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const mailsTo = (address: string) => sink.messages.filter((mail) => mail.envelope.to.includes(address));

/** The invitations to an address (a hiring manager is also e-mailed each job given them). */
const invitationsTo = (address: string) =>
  mailsTo(address).filter((mail) => /^You are invited/.test(mail.parsed.subject ?? ''));

async function inviteAndReadLink(body: { name: string; email: string; role: string }) {
  const before = invitationsTo(body.email.toLowerCase()).length;
  const invited = await server.api('POST', '/team-members', { token: adminToken, body });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  expect(invited.body).toEqual({ acknowledged: true, insertedId: expect.any(String), emailed: true });
  await expect.poll(() => invitationsTo(body.email.toLowerCase()).length, DELIVERY).toBe(before + 1);
  const mail = invitationsTo(body.email.toLowerCase()).at(-1)!;
  const token = LINK.exec(mail.parsed.text ?? '')?.[1];
  expect(token, mail.parsed.text).toBeDefined();
  return { id: invited.body.insertedId as string, mail, token: token! };
}

/**
 * A server of its own, with its own settings, for one describe block: built before its tests, so
 * its start is set-up and not part of what they check (or of their time).
 */
function ownApp(env: Parameters<typeof buildTestApp>[0]): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await buildTestApp(env);
  });
  afterAll(async () => {
    await app?.stop();
  });
  return () => app!;
}

const setPassword = (token: string, newPassword: string) =>
  server.api('POST', '/auth/reset-password', { body: { token, newPassword } });

describe('inviting a hiring manager', () => {
  it('e-mails a single-use link; the password follows the administrators’ rule; they sign in as a hiring manager', async () => {
    const email = uniqueEmail('hannah.manager').toLowerCase();
    const { id, mail, token } = await inviteAndReadLink({
      name: 'Hannah Manager',
      email: email.toUpperCase(),
      role: 'hiring-manager',
    });
    expect(mail.envelope.to).toEqual([email]);
    expect(mail.parsed.subject).toMatch(/invited to the .* hiring team/);
    expect(mail.parsed.text).toContain('Hello Hannah Manager,');
    expect(mail.parsed.text).toContain('as a hiring manager');
    expect(mail.parsed.text).toContain('within 72 hours');

    // Until the link is used there is no password to sign in with.
    const early = await server.api('POST', '/login', { body: { email, password: STRONG_PASSWORD } });
    expect(early).toMatchObject({ status: 401, body: { message: messages.invalidCredentials } });

    // A registered account's rule (6 characters) is not enough for the hiring team.
    const short = await setPassword(token, 'six-ch-pass');
    expect(short).toMatchObject({ status: 400, body: { message: messages.adminPasswordTooShort } });
    const guessable = await setPassword(token, 'password1234');
    expect(guessable.status).toBe(400);
    expect(guessable.body.message).toMatch(/too easy to guess/);

    const before = await server.api('GET', '/team-members', { token: adminToken });
    expect(before.body).toContainEqual(
      expect.objectContaining({ _id: id, invitation: 'invited', acceptedAt: null }),
    );
    const done = await setPassword(token, STRONG_PASSWORD);
    // The link signs them in: the answer's token is their session, as a login's would be.
    expect(done).toMatchObject({
      status: 200,
      body: { message: messages.invitationAccepted, email, token: expect.any(String) },
    });
    const welcomed = await server.api('GET', `/admin/${encodeURIComponent(email)}`, {
      token: done.body.token,
    });
    expect(welcomed).toMatchObject({ status: 200, body: { admin: false, role: 'hiring-manager' } });
    const again = await setPassword(token, OTHER_STRONG_PASSWORD);
    expect(again).toMatchObject({ status: 400, body: { message: messages.resetLinkInvalid } });

    const signedIn = await logIn(server, email, STRONG_PASSWORD);
    const role = await server.api('GET', `/admin/${encodeURIComponent(email)}`, { token: signedIn });
    expect(role).toMatchObject({ status: 200, body: { admin: false, role: 'hiring-manager' } });
    // Their own account's calls open to them; the admin calls do not.
    expect((await server.api('GET', '/auth/account', { token: signedIn })).status).toBe(200);
    const adminCall = await server.api('GET', '/applications', { token: signedIn });
    expect(adminCall).toMatchObject({ status: 403, body: { message: messages.adminRequired } });

    const members = await server.api('GET', '/team-members', { token: adminToken });
    expect(members.body).toContainEqual(
      expect.objectContaining({ _id: id, email, name: 'Hannah Manager', role: 'hiring-manager', jobs: [] }),
    );
  });

  it('shows each invitation as invited, expired once its link’s lifetime passed unused, then accepted when used', async () => {
    const email = uniqueEmail('slow-to-join');
    const sentAt = Date.now();
    const { id, token } = await inviteAndReadLink({ name: 'Sol Slow', email, role: 'interviewer' });
    const memberOf = async () => {
      const list = await server.api('GET', '/team-members', { token: adminToken });
      return (list.body as TeamMember[]).find((member) => member._id === id)!;
    };
    const invited = await memberOf();
    expect(invited).toMatchObject({ invitation: 'invited', acceptedAt: null });
    expect(Date.parse(invited.invitedAt)).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(Date.parse(invited.invitationExpiresAt) - Date.parse(invited.invitedAt)).toBe(72 * 3600_000);

    // 72 hours later, unused: as the clock would leave it, the link and the invitation both run out.
    await server.context.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${id}`,
    );
    await server.context.database.db.execute(
      sql`update users set invitation_expires_at = now() - interval '1 second' where id = ${id}`,
    );
    expect(await memberOf()).toMatchObject({ invitation: 'expired', acceptedAt: null });
    expect(await setPassword(token, STRONG_PASSWORD)).toMatchObject({
      status: 400,
      body: { message: messages.resetLinkInvalid },
    });

    // Resent (the same call as inviting): invited again, from now, and the new link joins them.
    const resent = await inviteAndReadLink({ name: 'Sol Slow', email, role: 'interviewer' });
    const again = await memberOf();
    expect(again.invitation).toBe('invited');
    expect(Date.parse(again.invitedAt)).toBeGreaterThan(Date.parse(invited.invitedAt));
    const before = Date.now();
    expect((await setPassword(resent.token, STRONG_PASSWORD)).status).toBe(200);
    const accepted = await memberOf();
    expect(accepted.invitation).toBe('accepted');
    expect(Date.parse(accepted.acceptedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(accepted.acceptedAt!)).toBeLessThanOrEqual(Date.now() + 1000);

    // Invited again later (a new role, say): they stay joined, since they can sign in.
    await inviteAndReadLink({ name: 'Sol Slow', email, role: 'interviewer' });
    expect(await memberOf()).toMatchObject({ invitation: 'accepted', acceptedAt: accepted.acceptedAt });
  });

  it('a member who chose their password through a reset link instead has joined too, and is not signed in by it', async () => {
    const email = uniqueEmail('reset-instead');
    const { id } = await inviteAndReadLink({ name: 'Rae Reset', email, role: 'hiring-manager' });
    const before = mailsTo(email).length;
    expect((await server.api('POST', '/auth/forgot-password', { body: { email } })).status).toBe(202);
    await expect.poll(() => mailsTo(email).length, DELIVERY).toBe(before + 1);
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(
      mailsTo(email).at(-1)!.parsed.text ?? '',
    )?.[1];
    expect(resetToken).toBeDefined();
    const done = await setPassword(resetToken!, STRONG_PASSWORD);
    // A reset keeps its own answer: no token, the login card with the address filled in.
    expect(done).toMatchObject({ status: 200, body: { message: messages.passwordResetDone, email } });
    expect(done.body).not.toHaveProperty('token');
    const list = await server.api('GET', '/team-members', { token: adminToken });
    expect(list.body).toContainEqual(
      expect.objectContaining({ _id: id, invitation: 'accepted', acceptedAt: expect.any(String) }),
    );
  });

  it('asks a team member with two-step verification for the code, as it asks an administrator', async () => {
    const email = uniqueEmail('two-step-member');
    const { token } = await inviteAndReadLink({ name: 'Tariq Twostep', email, role: 'interviewer' });
    expect((await setPassword(token, STRONG_PASSWORD)).status).toBe(200);
    const session = await logIn(server, email, STRONG_PASSWORD);
    const { secret, recoveryCodes } = await enrolTwoFactor(server, session, STRONG_PASSWORD);

    const login = await server.api('POST', '/login', { body: { email, password: STRONG_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const verified = await server.api('POST', '/auth/two-factor/verify', {
      body: { challenge: login.body.challenge, code: nextCode(secret) },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const jobs = await server.api('GET', '/team/jobs', { token: verified.body.token });
    expect(jobs).toMatchObject({ status: 200, body: [] });

    // A new invitation's link sets the password but opens nothing without the code: it answers
    // the code step's challenge, as a right password at login would.
    const renewed = await inviteAndReadLink({ name: 'Tariq Twostep', email, role: 'interviewer' });
    const set = await setPassword(renewed.token, OTHER_STRONG_PASSWORD);
    expect(set).toMatchObject({
      status: 200,
      body: {
        message: messages.invitationAcceptedLogIn,
        email: email.toLowerCase(),
        secondStep: { kind: 'verify', challenge: expect.any(String) },
      },
    });
    expect(set.body).not.toHaveProperty('token');
    const wrong = await server.api('POST', '/auth/two-factor/verify', {
      body: { challenge: set.body.secondStep.challenge, code: '000000' },
    });
    expect(wrong.status).toBe(401);
    // The code just used is spent: a recovery code finishes the step.
    const stepped = await server.api('POST', '/auth/two-factor/verify', {
      body: { challenge: set.body.secondStep.challenge, recoveryCode: recoveryCodes[0] },
    });
    expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);
    expect((await server.api('GET', '/team/jobs', { token: stepped.body.token })).status).toBe(200);
  });

  it('turns a plain registered account into a member whose old password no longer opens it', async () => {
    const user = await createUser(server, 'registered-first');
    const { id, token } = await inviteAndReadLink({
      name: 'Rita Registered',
      email: user.email,
      role: 'interviewer',
    });
    expect(id).toBe(user.id);
    const oldPassword = await server.api('POST', '/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldPassword).toMatchObject({ status: 401, body: { message: messages.invalidCredentials } });
    expect((await setPassword(token, STRONG_PASSWORD)).status).toBe(200);
    await logIn(server, user.email, STRONG_PASSWORD);
  });

  it('refuses to invite an administrator, and refuses a bad role or address with 400', async () => {
    const admin = await createAdmin(server, 'already-admin');
    const refused = await server.api('POST', '/team-members', {
      token: adminToken,
      body: { name: 'Admin', email: admin.email, role: 'hiring-manager' },
    });
    expect(refused).toMatchObject({ status: 409, body: { message: messages.teamInviteAdmin } });
    // Still an administrator, with the password they had.
    await logIn(server, admin.email, admin.password);

    const badRole = await server.api('POST', '/team-members', {
      token: adminToken,
      body: { name: 'X', email: uniqueEmail('bad-role'), role: 'admin' },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toMatch(/Choose a role/);
    const badEmail = await server.api('POST', '/team-members', {
      token: adminToken,
      body: { name: 'X', email: 'not-an-address', role: 'interviewer' },
    });
    expect(badEmail).toMatchObject({ status: 400, body: { message: messages.emailInvalid } });
  });
});

describe('invitations that retire earlier links, are capped, and greet the name typed (.eml files)', () => {
  // No SMTP_URL: the server writes every message as an .eml file in its data folder's outbox.
  const emlApp = ownApp({ PUBLIC_URL });
  const SECRET_LINK = new RegExp(
    `${PUBLIC_URL.replace(/\./g, '\\.')}/(?:welcome|reset-password)/([A-Za-z0-9_-]{43})`,
  );
  const parsed = new Map<string, { to: string; raw: string; mail: Email }>();

  /** The .eml files written to `address` so far, oldest first, parsed as a mail program would. */
  async function emlsTo(address: string) {
    const folder = path.join(emlApp().dataDir, 'outbox');
    const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
    for (const name of names.sort()) {
      if (parsed.has(name)) continue;
      const raw = readFileSync(path.join(folder, name), 'utf8');
      const mail = await PostalMime.parse(raw);
      parsed.set(name, { to: mail.to?.[0]?.address ?? '', raw, mail });
    }
    return [...parsed.values()].filter((file) => file.to === address.toLowerCase());
  }

  const linkIn = (file: { mail: Email }) => {
    const token = SECRET_LINK.exec(file.mail.text ?? '')?.[1];
    expect(token, file.mail.text).toBeDefined();
    return token!;
  };

  const invite = (token: string, body: { name: string; email: string; role: string }) =>
    emlApp().api('POST', '/team-members', { token, body });

  async function inviteAndReadEml(token: string, body: { name: string; email: string; role: string }) {
    const before = (await emlsTo(body.email)).length;
    const invited = await invite(token, body);
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body).toMatchObject({ emailed: true });
    // The answer comes once the file is written.
    const files = await emlsTo(body.email);
    expect(files).toHaveLength(before + 1);
    return { file: files.at(-1)!, token: linkIn(files.at(-1)!) };
  }

  const choosePassword = (token: string, newPassword = STRONG_PASSWORD) =>
    emlApp().api('POST', '/auth/reset-password', { body: { token, newPassword } });

  it("refuses a re-invitation's first link; the second sets the password", async () => {
    const app = emlApp();
    const adminToken = await app.adminToken();
    const email = uniqueEmail('reinvited');
    const person = { name: 'Rhea Reinvited', email, role: 'interviewer' };
    const first = await inviteAndReadEml(adminToken, person);
    const second = await inviteAndReadEml(adminToken, person);
    expect(second.token).not.toBe(first.token);

    const old = await choosePassword(first.token);
    expect(old).toMatchObject({ status: 400, body: { message: messages.resetLinkInvalid } });
    expect(await choosePassword(second.token)).toMatchObject({
      status: 200,
      body: { message: messages.invitationAccepted, token: expect.any(String) },
    });
    await logIn(app, email, STRONG_PASSWORD);
  });

  it('refuses the 6th invitation of one address within a day in words: no e-mail, nothing changed', async () => {
    const app = emlApp();
    const adminToken = await app.adminToken();
    const email = uniqueEmail('flooded-invitee');
    let last = { token: '' };
    for (let i = 0; i < 5; i++) {
      last = await inviteAndReadEml(adminToken, { name: 'Fern Flooded', email, role: 'interviewer' });
    }

    // In any letter case: the count is the address's.
    for (const typed of [email, email.toUpperCase()]) {
      const refused = await invite(adminToken, {
        name: 'Someone Else',
        email: typed,
        role: 'hiring-manager',
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: messages.teamInviteAddressLimited(24) });
      expect(refused.body.message).toMatch(/already been sent 5 invitations in the last 24 hours/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(23 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    }
    expect(await emlsTo(email)).toHaveLength(5);
    const members = await app.api('GET', '/team-members', { token: adminToken });
    expect(members.body).toContainEqual(
      expect.objectContaining({ email, name: 'Fern Flooded', role: 'interviewer' }),
    );
    // The 5th link was not retired by the refused 6th.
    expect((await choosePassword(last.token)).status).toBe(200);
    // Other addresses are not held back by this one's count.
    await inviteAndReadEml(adminToken, {
      name: 'Nell Next',
      email: uniqueEmail('next'),
      role: 'interviewer',
    });
  });

  it(`refuses an administrator's invitation past ${INVITATIONS_PER_ADMIN_PER_DAY} in a day; another administrator may still invite`, async () => {
    const app = emlApp();
    const busy = await createAdmin(app, 'busy-inviter');
    const busyToken = await logIn(app, busy.email, busy.password);
    const answers = await Promise.all(
      Array.from({ length: INVITATIONS_PER_ADMIN_PER_DAY }, (_, i) =>
        invite(busyToken, { name: 'Cal Capped', email: uniqueEmail(`capped-${i}`), role: 'interviewer' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));

    const email = uniqueEmail('past-the-cap');
    const refused = await invite(busyToken, { name: 'Pia Past', email, role: 'interviewer' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: messages.teamInviteAdminLimited(24) });
    expect(refused.body.message).toMatch(/You have sent 50 invitations in the last 24 hours/);
    expect(await emlsTo(email)).toEqual([]);
    expect(await app.context.users.findByEmail(email)).toBeUndefined();

    // The cap is the administrator's, not the address's: another administrator's invitation goes.
    const { token } = await inviteAndReadEml(await app.adminToken(), {
      name: 'Pia Past',
      email,
      role: 'interviewer',
    });
    expect((await choosePassword(token)).status).toBe(200);
  });

  it('greets the name the administrator typed, never one registered in advance, and ends the account’s reset link', async () => {
    const app = emlApp();
    const adminToken = await app.adminToken();
    const email = uniqueEmail('registered-in-advance');
    const hostile = 'IT Desk: your mailbox is full, verify at http://evil.example/login';
    const registered = await app.api('POST', '/register', {
      body: { name: hostile, email, password: 'plain-secret' },
    });
    expect(registered.status).toBe(201);
    // The plain account asks for a reset link first (sent after the answer: wait for its file).
    const asked = await app.api('POST', '/auth/forgot-password', { body: { email } });
    expect(asked.status).toBe(202);
    await expect.poll(async () => (await emlsTo(email)).length, DELIVERY).toBe(1);
    const resetToken = linkIn((await emlsTo(email))[0]!);

    const { file, token } = await inviteAndReadEml(adminToken, {
      name: 'Nadia Newstarter',
      email,
      role: 'hiring-manager',
    });
    expect(file.mail.text).toContain('Hello Nadia Newstarter,');
    for (const text of [file.raw, file.mail.text ?? '', file.mail.subject ?? '']) {
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('IT Desk');
    }

    // The link the plain account asked for ended with the invitation.
    const early = await choosePassword(resetToken);
    expect(early).toMatchObject({ status: 400, body: { message: messages.resetLinkInvalid } });
    expect((await choosePassword(token)).status).toBe(200);
    // The account's name is now the administrator's: on the Account screen and in the Team list.
    const account = await app.api('GET', '/auth/account', {
      token: await logIn(app, email, STRONG_PASSWORD),
    });
    expect(account.body).toMatchObject({ email, name: 'Nadia Newstarter' });
    const members = await app.api('GET', '/team-members', { token: adminToken });
    expect(members.body).toContainEqual(
      expect.objectContaining({ _id: registered.body.insertedId, name: 'Nadia Newstarter' }),
    );
  });
});

describe('inviting when every administrator must use two-step verification', () => {
  const strictApp = ownApp({ REQUIRE_ADMIN_2FA: 'true' });

  it('makes an invited member set up two-step verification first', async () => {
    const strict = strictApp();
    // The administrator would have to enrol first too: their token comes from the server's own service.
    const admin = (await strict.context.users.findByEmail(ADMIN.email))!;
    const strictAdmin = await strict.context.tokens.issue(admin);
    const email = uniqueEmail('strict-member');
    const invited = await strict.api('POST', '/team-members', {
      token: strictAdmin,
      body: { name: 'Sam Strict', email, role: 'hiring-manager' },
    });
    expect(invited.status).toBe(201);
    // The member's password, set as the link would set it.
    const user = (await strict.context.users.findByEmail(email))!;
    const { hashPassword } = await import('../../../src/server/auth/passwords');
    await strict.context.accounts.changePassword(user.id, await hashPassword(STRONG_PASSWORD), null);
    const login = await strict.api('POST', '/login', { body: { email, password: STRONG_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ twoFactorSetupRequired: true, challenge: expect.any(String) });
  });
});

describe('inviting while the mail server refuses', () => {
  // Nothing listens on port 1, so every message is refused.
  const brokenApp = ownApp({ SMTP_URL: 'smtp://127.0.0.1:1' });

  it('answers emailed: false and keeps the invitation', async () => {
    const broken = brokenApp();
    const email = uniqueEmail('unmailed');
    const invited = await broken.api('POST', '/team-members', {
      token: await broken.adminToken(),
      body: { name: 'Una Mailed', email, role: 'interviewer' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ acknowledged: true, emailed: false });
    const members = await broken.api('GET', '/team-members', { token: await broken.adminToken() });
    expect(members.body).toContainEqual(expect.objectContaining({ email, role: 'interviewer' }));
  });
});

describe('assigning and removing', () => {
  it('gives a hiring manager a job, changes their role on a new invitation, and removes them', async () => {
    const jobId = await createJob(server, adminToken, 'Underwriter');
    const email = uniqueEmail('assigned');
    const { id, token } = await inviteAndReadLink({ name: 'Ava Assigned', email, role: 'hiring-manager' });
    expect((await setPassword(token, STRONG_PASSWORD)).status).toBe(200);
    const person = { id, email, name: 'Ava Assigned' };
    await assignJob(server, adminToken, person, jobId, true);
    const session = await logIn(server, email, STRONG_PASSWORD);
    const jobs = await server.api('GET', '/team/jobs', { token: session });
    expect(jobs.body).toEqual([
      expect.objectContaining({ _id: jobId, jobTitle: 'Underwriter', mayDecide: true }),
    ]);

    // Invited again as an interviewer: the job goes with the old role; the password stays.
    await inviteAndReadLink({ name: 'Ava Assigned', email, role: 'interviewer' });
    const after = await server.api('GET', '/team/jobs', {
      token: await logIn(server, email, STRONG_PASSWORD),
    });
    expect(after).toMatchObject({ status: 200, body: [] });
    const listed = await server.api('GET', '/team-members', { token: adminToken });
    expect(listed.body).toContainEqual(expect.objectContaining({ _id: id, role: 'interviewer', jobs: [] }));

    // An interviewer cannot be given a job.
    const wrongRole = await server.api('PUT', `/team-members/${id}/jobs/${jobId}`, {
      token: adminToken,
      body: { mayDecide: false },
    });
    expect(wrongRole).toMatchObject({ status: 400, body: { message: messages.notHiringManager } });

    const removed = await server.api('DELETE', `/team-members/${id}`, { token: adminToken });
    expect(removed).toMatchObject({ status: 200, body: { acknowledged: true, deletedCount: 1 } });
    const gone = await server.api('DELETE', `/team-members/${id}`, { token: adminToken });
    expect(gone).toMatchObject({ status: 404, body: { message: messages.teamMemberMissing } });
    const login = await server.api('POST', '/login', { body: { email, password: STRONG_PASSWORD } });
    expect(login.status).toBe(401);
  });

  it("lists what each holds: a manager's jobs, an interviewer's applications with job, stage and applicant, open jobs only", async () => {
    const open = await createJob(server, adminToken, 'Pricing Analyst');
    const closing = await createJob(server, adminToken, 'Broker Liaison');
    const first = await applyTo(server, open, {
      name: 'Ada Applicant',
      email: uniqueEmail('ada'),
      about: 'A.',
    });
    const second = await applyTo(server, closing, {
      name: 'Ben Applicant',
      email: uniqueEmail('ben'),
      about: 'B.',
    });
    const interviewer = await invite(server, adminToken, 'interviewer', 'listed-iv');
    const manager = await invite(server, adminToken, 'hiring-manager', 'listed-hm');
    await assignJob(server, adminToken, manager, open, true);
    await assignInterviewer(server, adminToken, interviewer, first);
    await assignInterviewer(server, adminToken, interviewer, second);
    const moved = await server.api('PUT', `/applications/${first}/stage`, {
      token: adminToken,
      body: { stage: 'shortlisted' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const listOf = async (id: string) => {
      const list = await server.api('GET', '/team-members', { token: adminToken });
      return (list.body as TeamMember[]).find((member) => member._id === id)!;
    };
    expect(await listOf(manager.id)).toMatchObject({
      jobs: [{ jobId: open, jobTitle: 'Pricing Analyst', closed: false, mayDecide: true }],
      interviews: [],
      // A hiring manager interviews too, for any job.
      mayInterview: true,
    });
    expect(await listOf(interviewer.id)).toMatchObject({
      interviewCount: 2,
      mayInterview: true,
      interviews: [
        {
          applicationId: second,
          applicantName: 'Ben Applicant',
          jobId: closing,
          jobTitle: 'Broker Liaison',
          stage: 'new',
        },
        {
          applicationId: first,
          applicantName: 'Ada Applicant',
          jobId: open,
          jobTitle: 'Pricing Analyst',
          stage: 'shortlisted',
        },
      ],
    });

    // The job closes: its application leaves the list with the access it gave.
    const day = new Date(`${londonToday()}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() - 1);
    await server.context.jobs.update(closing, { closingDate: day.toISOString().slice(0, 10) });
    expect(await listOf(interviewer.id)).toMatchObject({
      interviewCount: 1,
      interviews: [{ applicationId: first, stage: 'shortlisted' }],
    });
  });

  it('takes a member made an administrator off the team, so revoking them later leaves a plain account', async () => {
    const jobId = await createJob(server, adminToken, 'Actuary');
    const email = uniqueEmail('promoted-member');
    const { id } = await inviteAndReadLink({ name: 'Pat Promoted', email, role: 'hiring-manager' });
    await assignJob(server, adminToken, { id, email, name: 'Pat Promoted' }, jobId);
    await server.context.users.setAdmin(email, true);
    const members = await server.api('GET', '/team-members', { token: adminToken });
    expect(members.body).not.toContainEqual(expect.objectContaining({ _id: id }));

    await server.context.users.setAdmin(email, false);
    const user = (await server.context.users.findById(id))!;
    const token = await server.context.tokens.issue(user);
    const jobs = await server.api('GET', '/team/jobs', { token });
    expect(jobs).toMatchObject({ status: 403, body: { message: messages.teamRequired } });
    const role = await server.api('GET', `/admin/${encodeURIComponent(email)}`, { token });
    expect(role.body).toEqual({ admin: false, role: 'user' });
  });

  it('never removes an administrator or a plain account through the team call', async () => {
    const admin = await createAdmin(server, 'not-removable');
    const user = await createUser(server, 'plain-not-removable');
    for (const id of [admin.id, user.id, 'not-a-uuid']) {
      const refused = await server.api('DELETE', `/team-members/${id}`, { token: adminToken });
      expect(refused).toMatchObject({ status: 404, body: { message: messages.teamMemberMissing } });
    }
    await logIn(server, admin.email, admin.password);
  });
});
