import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applicationLinks,
  applicationNotes,
  applications,
  auditEntries,
  emailOutbox,
} from '../../../src/server/db/schema';
import { erasedSubject } from '../../../src/server/audit/audit-repository';
import { purgeExpiredApplications } from '../../../src/server/privacy/retention';
import {
  digest as tokenHash,
  withoutSecretTokens as withoutLinkToken,
} from '../../../src/server/http/secret-token';
import {
  LOST_LINK_ANSWER,
  MY_APPLICATION_NOT_FOUND,
} from '../../../src/shared/my-application/my-application-contract';
import { messages } from '../../../src/shared/messages';
import { testDatabaseUrl } from '../../support/postgres';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';
import { A_REJECTION_REASON } from '../../support/hiring';

/**
 * The applicant's private link (docs/behaviour.md#the-applicants-page): what it shows, withdrawing
 * and erasing through it, asking for a fresh one, and what is (never) stored of it. On PGlite, and
 * on PostgreSQL under `npm run test:pg`.
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
const PUBLIC_URL = 'https://careers.test.example';
const CAREERS = 'careers@test.example';
const DAY_MS = 86_400_000;
/** Generous: the machine is shared, and a slow start must not fail a test. */
const DELIVERY = { timeout: 20_000, interval: 50 };
const LINK = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/my-application/([A-Za-z0-9_-]+)`, 'g');

let sink: SmtpSink;
let server: TestApp;
let admin: string;
let jobId: string;
let otherJobId: string;
let cvDataUrl: string;
let counter = 0;

/** Applies through the API as the apply form does; answers the new application's id and address. */
const apply = async (fields: { email?: string; name?: string; job?: string } = {}) => {
  counter++;
  const email = fields.email ?? `self.service${counter}@example.com`;
  const answer = await server.api('POST', '/applications', {
    body: {
      name: fields.name ?? `Applicant Number${counter}`,
      email,
      phone: '07700 900123',
      about: `Cover letter ${counter}.`,
      jobId: fields.job ?? jobId,
      pdfFile: cvDataUrl,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.insertedId as string, email: email.trim().toLowerCase() };
};

const mailTo = (address: string) => sink.messages.filter((message) => message.envelope.to.includes(address));

/** The tokens of every private link in the messages delivered to an address, in order. */
const tokensSentTo = (address: string): string[] =>
  mailTo(address).flatMap((message) =>
    [...(message.parsed.text ?? '').matchAll(LINK)].map((match) => match[1]!),
  );

/** Waits for the confirmation e-mail of an application and answers the token of its link. */
const confirmationToken = async (address: string): Promise<string> => {
  await expect.poll(() => tokensSentTo(address).length, DELIVERY).toBeGreaterThan(0);
  return tokensSentTo(address)[0]!;
};

const applyAndOpen = async (fields: Parameters<typeof apply>[0] = {}) => {
  const applied = await apply(fields);
  return { ...applied, token: await confirmationToken(applied.email) };
};

const view = (token: string) => server.api('GET', `/my-application/${token}`);
const withdraw = (token: string) => server.api('POST', `/my-application/${token}/withdraw`);
const erase = (token: string) => server.api('POST', `/my-application/${token}/erase`);
const lostLink = (email: unknown, extra: Record<string, unknown> = {}) =>
  server.api('POST', '/my-application/lost-link', { body: { email, ...extra } });
const moveTo = (id: string, stage: string, notify = false) =>
  server.api('PUT', `/applications/${id}/stage`, {
    token: admin,
    body: { stage, notify, reasonId: A_REJECTION_REASON },
  });

const expectNotFound = (answer: { status: number; body: { message: string } }) => {
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual({ message: MY_APPLICATION_NOT_FOUND });
};

/** A token that looks like ours but opens nothing. */
const madeUpToken = () => randomBytes(32).toString('base64url');

beforeAll(async () => {
  sink = await startSmtpSink();
  cvDataUrl = toDataUrl(await validPdf('Self Service CV'));
  server = await buildTestApp(
    { SMTP_URL: sink.url, CAREERS_MAILBOX: CAREERS, PUBLIC_URL },
    { emailDelivery: { firstRetryMs: 200, maxRetryMs: 1000 } },
  );
  admin = await server.adminToken();
  jobId = (await server.api('POST', '/post', { token: admin, body: sampleJob() })).body.insertedId;
  otherJobId = (
    await server.api('POST', '/post', { token: admin, body: sampleJob({ jobTitle: 'Van Quotes Lead' }) })
  ).body.insertedId;
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});
beforeEach(() => {
  sink.refuseWith(undefined);
});

describe(`the private link, on ${engine}`, () => {
  it('comes in the confirmation e-mail, opens the application, and its token is stored nowhere in clear', async () => {
    const { id, email, token } = await applyAndOpen({ name: 'Priya Patel' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const confirmation = mailTo(email)[0]!;
    expect(confirmation.envelope.to).toEqual([email]);
    expect(confirmation.parsed.text).toContain(`${PUBLIC_URL}/my-application/${token}`);
    expect(confirmation.parsed.text).toContain(`${PUBLIC_URL}/privacy`);
    // The careers mailbox's notice carries no link of the applicant's.
    const noticeOf = () =>
      mailTo(CAREERS).find((message) => message.parsed.text?.includes(`/dashboard/application/${id}`));
    await expect.poll(noticeOf, DELIVERY).toBeDefined();
    const notice = noticeOf()!;
    expect(notice.parsed.text).not.toMatch(/my-application/);

    const answer = await view(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      jobTitle: 'Customer Service Advisor',
      appliedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      status: 'received',
    });

    // Only the SHA-256 of the token is kept, and the queued e-mail held a placeholder, not the link.
    const { db } = server.context.database;
    const [link] = await db.select().from(applicationLinks).where(eq(applicationLinks.applicationId, id));
    expect(link!.tokenHash).toBe(tokenHash(token));
    expect(link!.tokenHash).not.toContain(token);
    const tables = ['application_links', 'email_outbox', 'audit_entries', 'applications', 'rate_limits'];
    for (const table of tables) {
      const rows = (await db.execute(sql`select * from ${sql.identifier(table)}`)) as unknown as {
        rows: unknown[];
      };
      expect(JSON.stringify(rows.rows), table).not.toContain(token);
    }
    // Nor would the request log, should it be switched on.
    expect(withoutLinkToken(`/api/my-application/${token}/withdraw?x=1`)).toBe(
      '/api/my-application/[token]/withdraw?x=1',
    );
    expect(withoutLinkToken(`/my-application/${token}`)).toBe('/my-application/[token]');
    expect(withoutLinkToken(`/reset-password/${token}`)).toBe('/reset-password/[token]');
    const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(queued!.body).toContain('[[private-link]]');
    expect(queued!.privateLink).toBe(true);
  });

  it('answers 404 to unknown and malformed tokens, the same way, never a 500', async () => {
    const { token } = await applyAndOpen();
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const malformed = ['abc', 'x'.repeat(500), `${token}=`, `${token}x`, token.slice(1), '%E2%82%AC', 'null'];
    for (const candidate of [madeUpToken(), altered, ...malformed]) {
      for (const call of [view, withdraw, erase]) expectNotFound(await call(candidate));
    }
    // The real link still works, untouched by the tries.
    expect((await view(token)).body.status).toBe('received');
  });

  it("shows where the application stands in the applicant's words", async () => {
    const { id, token } = await applyAndOpen();
    const status = async () => (await view(token)).body.status as string;
    expect(await status()).toBe('received');
    // An admin opening it moves it to Reviewed: still received.
    expect((await server.api('GET', `/applications/${id}`, { token: admin })).body.stage).toBe('reviewed');
    expect(await status()).toBe('received');
    for (const stage of ['shortlisted', 'interview', 'offer']) {
      await moveTo(id, stage);
      expect(await status(), stage).toBe('in-progress');
    }
    await moveTo(id, 'hired');
    expect(await status()).toBe('successful');
  });

  it('shows a rejection as closed only once the applicant was e-mailed it, or 14 days after', async () => {
    const { db } = server.context.database;
    // Rejected without an e-mail: the page keeps the status it had before.
    const quiet = await applyAndOpen();
    await moveTo(quiet.id, 'interview');
    await moveTo(quiet.id, 'rejected');
    expect((await view(quiet.token)).body.status).toBe('in-progress');
    const [row] = await db.select().from(applications).where(eq(applications.id, quiet.id));
    expect(row).toMatchObject({ stage: 'rejected', previousStage: 'interview' });
    await db
      .update(applications)
      .set({ stageChangedAt: new Date(Date.now() - 13 * DAY_MS) })
      .where(eq(applications.id, quiet.id));
    expect((await view(quiet.token)).body.status).toBe('in-progress');
    await db
      .update(applications)
      .set({ stageChangedAt: new Date(Date.now() - 14 * DAY_MS - 60_000) })
      .where(eq(applications.id, quiet.id));
    expect((await view(quiet.token)).body.status).toBe('closed');

    // Rejected with the e-mail: closed at once.
    const told = await applyAndOpen();
    const rejected = await moveTo(told.id, 'rejected', true);
    expect(rejected.body.emailedCount).toBe(1);
    expect((await view(told.token)).body.status).toBe('closed');

    // Rejected straight from New, no e-mail: received.
    const early = await applyAndOpen();
    await moveTo(early.id, 'rejected');
    expect((await view(early.token)).body.status).toBe('received');
  });
});

describe(`withdrawing through the link, on ${engine}`, () => {
  it('moves the application to Withdrawn as an admin would, e-mails the applicant, and the link then opens it only to erase', async () => {
    const { id, email, token } = await applyAndOpen({ name: 'Wendy Withdrawer' });
    const before = (await server.api('GET', '/applications/counts', { token: admin })).body;

    const answer = await withdraw(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      jobTitle: 'Customer Service Advisor',
      appliedAt: expect.any(String),
      status: 'withdrawn',
    });

    // HR sees it: in the list, the counts and the audit trail, as the applicant's own change.
    const list = (await server.api('GET', '/applications', { token: admin })).body as Array<{
      _id: string;
      stage: string;
    }>;
    expect(list.find((row) => row._id === id)?.stage).toBe('withdrawn');
    const after = (await server.api('GET', '/applications/counts', { token: admin })).body;
    expect(after.byStage.withdrawn).toBe(before.byStage.withdrawn + 1);
    expect(after.byStage.new).toBe(before.byStage.new - 1);
    const trail = (await server.api('GET', `/applications/${id}/audit`, { token: admin })).body;
    expect(trail).toContainEqual(
      expect.objectContaining({ action: 'stage', detail: 'New → Withdrawn', actorEmail: 'applicant' }),
    );

    // A short confirmation, to the stored address.
    await expect
      .poll(
        () => mailTo(email).filter((message) => /withdrawn/i.test(message.parsed.subject ?? '')),
        DELIVERY,
      )
      .toHaveLength(1);
    const confirmation = mailTo(email).find((message) => /withdrawn/i.test(message.parsed.subject ?? ''))!;
    expect(confirmation.envelope.to).toEqual([email]);
    expect(confirmation.parsed.subject).toBe('You have withdrawn your application: Customer Service Advisor');
    expect(confirmation.parsed.text).toContain('Dear Wendy Withdrawer,');
    expect(confirmation.parsed.text).not.toMatch(/my-application/);

    // The link no longer shows or withdraws it...
    expectNotFound(await view(token));
    expectNotFound(await withdraw(token));
    expect(
      (await server.api('GET', `/applications/${id}/audit`, { token: admin })).body.filter(
        (entry: { detail: string | null }) => entry.detail === 'New → Withdrawn',
      ),
    ).toHaveLength(1);
    // ...but still erases it, in the same visit.
    const erased = await erase(token);
    expect(erased.status).toBe(200);
    expect((await server.api('GET', `/applications/${id}`, { token: admin })).status).toBe(404);
  });

  it('an admin moving the application to Withdrawn retires the link the same way', async () => {
    const { id, token } = await applyAndOpen();
    await moveTo(id, 'withdrawn');
    expectNotFound(await view(token));
    expectNotFound(await withdraw(token));
    expect((await erase(token)).status).toBe(200);
  });
});

describe(`erasing through the link, on ${engine}`, () => {
  it("erases the application, its CV, notes, e-mails and audit entries with the admins' erasure, and records that it happened", async () => {
    const email = `erase.me${counter}@example.com`;
    const first = await applyAndOpen({ email, name: 'Erin Eraser' });
    const second = await apply({ email, name: 'Erin Eraser', job: otherJobId });
    await expect.poll(() => tokensSentTo(email).length, DELIVERY).toBe(2);
    const secondToken = tokensSentTo(email).find((token) => token !== first.token)!;

    await server.api('POST', `/applications/${first.id}/notes`, {
      token: admin,
      body: { body: 'Called Erin' },
    });
    await server.api('GET', `/applications/${first.id}`, { token: admin });
    await server.api('GET', `/applications/${first.id}/pdf?purpose=preview`, { token: admin });
    const { db } = server.context.database;
    const trailBefore = await server.context.audit.forApplication(first.id);
    expect(trailBefore.length).toBeGreaterThanOrEqual(3);
    expect(await server.context.blobs.get(first.id)).toBeDefined();

    const answer = await erase(first.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      acknowledged: true,
      jobTitle: 'Customer Service Advisor',
      appliedAt: expect.any(String),
      cvDeleted: true,
      notesDeleted: 1,
      auditEntriesDeleted: trailBefore.length,
    });

    // Gone: the application, its CV, notes, audit entries, e-mails and link.
    expect((await server.api('GET', `/applications/${first.id}`, { token: admin })).status).toBe(404);
    expect(await server.context.blobs.get(first.id)).toBeUndefined();
    expect(
      await db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, first.id)),
    ).toEqual([]);
    expect(await db.select().from(auditEntries).where(eq(auditEntries.applicationId, first.id))).toEqual([]);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.applicationId, first.id))).toEqual([]);
    expect(
      await db.select().from(applicationLinks).where(eq(applicationLinks.applicationId, first.id)),
    ).toEqual([]);
    for (const call of [view, withdraw, erase]) expectNotFound(await call(first.token));

    // One entry, keyed by a digest of the address, records that an erasure happened.
    const records = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectEmail, erasedSubject(email)));
    expect(records).toEqual([
      expect.objectContaining({ action: 'erase', actorEmail: 'applicant', applicationId: null }),
    ]);
    expect(JSON.stringify(records)).not.toContain(email);

    // The address's other application, with its own link, is untouched.
    expect((await server.api('GET', `/applications/${second.id}`, { token: admin })).status).toBe(200);
    expect((await view(secondToken)).body).toMatchObject({ jobTitle: 'Van Quotes Lead', status: 'received' });
  });

  it('the retention purge and an admin deletion retire the link with the application', async () => {
    const purged = await applyAndOpen();
    await server.context.database.db
      .update(applications)
      .set({ createdAt: new Date(Date.now() - 200 * DAY_MS) })
      .where(eq(applications.id, purged.id));
    await purgeExpiredApplications(server.context, 183);
    expectNotFound(await view(purged.token));
    const deleted = await applyAndOpen();
    expect((await server.api('DELETE', `/applications/${deleted.id}`, { token: admin })).status).toBe(200);
    expectNotFound(await view(deleted.token));
    const { db } = server.context.database;
    for (const id of [purged.id, deleted.id]) {
      expect(await db.select().from(applicationLinks).where(eq(applicationLinks.applicationId, id))).toEqual(
        [],
      );
    }
  });
});

describe(`a lost link, on ${engine}`, () => {
  it('e-mails a fresh link for each application not withdrawn, to the stored address only, and retires the old one', async () => {
    const email = `lost.link${counter}@example.com`;
    const kept = await applyAndOpen({ email, name: 'Luke Lost' });
    await apply({ email, name: 'Luke Lost', job: otherJobId });
    await expect.poll(() => tokensSentTo(email).length, DELIVERY).toBe(2);
    const goneToken = tokensSentTo(email).find((token) => token !== kept.token)!;
    expect((await withdraw(goneToken)).status).toBe(200);
    await expect.poll(() => mailTo(email).length, DELIVERY).toBe(3);
    const sentBefore = sink.messages.length;

    // Typed differently, with extra fields a client might try: the stored address gets it, no one else.
    const answer = await lostLink(`  ${email.toUpperCase()} `, {
      to: 'attacker@evil.test',
      cc: 'x@evil.test',
    });
    expect(answer.status).toBe(202);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({ acknowledged: true, message: LOST_LINK_ANSWER });

    await expect.poll(() => sink.messages.length, DELIVERY).toBe(sentBefore + 1);
    const fresh = sink.messages.at(-1)!;
    expect(fresh.envelope.to).toEqual([email]);
    expect(fresh.parsed.subject).toBe('Your private link to your application: Customer Service Advisor');
    expect(fresh.parsed.text).toMatch(/sent on \d{1,2} [A-Z][a-z]+ \d{4}\. Here it is:/);
    expect(sink.recipients()).not.toContain('attacker@evil.test');
    const [freshToken] = [...(fresh.parsed.text ?? '').matchAll(LINK)].map((match) => match[1]!);
    expect(freshToken).toBeDefined();
    expect(freshToken).not.toBe(kept.token);

    // The fresh link works; the old one, which may have leaked, no longer does.
    expect((await view(freshToken!)).body.status).toBe('received');
    expectNotFound(await view(kept.token));
    // The withdrawn application got no new link, and its old one still erases only.
    expectNotFound(await view(goneToken));
    const { db } = server.context.database;
    const [stored] = await db
      .select()
      .from(applicationLinks)
      .where(eq(applicationLinks.applicationId, kept.id));
    expect(stored!.tokenHash).toBe(tokenHash(freshToken!));
  });

  it('answers the same, byte for byte, when nothing is held for the address, and sends nothing', async () => {
    const { email } = await applyAndOpen();
    const nobody = `nobody.here${counter}@example.com`;
    const held = await lostLink(email);
    const none = await lostLink(nobody);
    expect(none.status).toBe(held.status);
    expect(none.bytes.equals(held.bytes)).toBe(true);
    expect(none.headers.get('content-type')).toBe(held.headers.get('content-type'));
    const queued = await server.context.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, nobody));
    expect(queued).toEqual([]);
  });

  it('refuses what is not an e-mail address with 400 and the field message', async () => {
    for (const email of ['', 'not-an-address', 42, undefined]) {
      const answer = await lostLink(email);
      expect(answer.status, String(email)).toBe(400);
      expect([messages.emailRequired, messages.emailInvalid]).toContain(answer.body.message);
    }
  });
});

describe(`rate limits of the private link and the lost-link form, on ${engine}`, () => {
  let limited: TestApp;
  let known: string;

  beforeAll(async () => {
    limited = await buildTestApp(
      { PUBLIC_URL },
      {
        rateLimits: {
          applicationsPerMinute: 1000,
          loginPerMinute: 1000,
          myApplicationPerMinute: 3,
          lostLinkPerMinute: 5,
        },
      },
    );
    // A live link on this server, minted as the confirmation would be. The outbox stays shut, or
    // sending the confirmation would mint another and retire this one.
    await limited.context.outbox.close();
    const token = await limited.adminToken();
    const job = (await limited.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
    const saved = await limited.api('POST', '/applications', {
      body: {
        name: 'Rita Rate',
        email: 'rita@example.com',
        phone: '07700 900123',
        about: 'Hi.',
        jobId: job,
        pdfFile: cvDataUrl,
      },
    });
    known = (await limited.context.applicationLinks.mint(saved.body.insertedId))!;
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('counts unknown tokens per address and refuses the next with 429 and Retry-After; live links are not counted', async () => {
    for (let i = 0; i < 5; i++)
      expect((await limited.api('GET', `/my-application/${known}`)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await limited.api('GET', `/my-application/${madeUpToken()}`)).status).toBe(404);
    }
    const refused = await limited.api('POST', `/my-application/${madeUpToken()}/erase`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.rateLimited);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Once over the limit, the address waits for every token.
    expect((await limited.api('GET', `/my-application/${known}`)).status).toBe(429);
  });

  it('limits lost-link requests per e-mail address (whoever asks) and per client address', async () => {
    const ask = (email: string) => limited.api('POST', '/my-application/lost-link', { body: { email } });
    for (let i = 0; i < 3; i++) expect((await ask('Rita@Example.com')).status).toBe(202);
    const perEmail = await ask('rita@example.com ');
    expect(perEmail.status).toBe(429);
    expect(perEmail.body.message).toBe(messages.rateLimited);
    // The refused one counted against this client too: a fifth request, for another address, is
    // still within its limit of five...
    expect((await ask('someone.else@example.com')).status).toBe(202);
    // ...and the sixth is not.
    const perClient = await ask('a.third@example.com');
    expect(perClient.status).toBe(429);
    expect(Number(perClient.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
