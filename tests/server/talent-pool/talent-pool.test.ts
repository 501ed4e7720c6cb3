import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditEntries } from '../../../src/server/db/schema';
import { erasedSubject } from '../../../src/server/audit/audit-repository';
import { readErasureLog, subjectDigest } from '../../../src/server/erasures/erasure-log';
import { talentPoolMembers } from '../../../src/server/talent-pool/talent-pool-tables';
import { askDueRenewals, purgeEndedMembers } from '../../../src/server/talent-pool/talent-pool-schedule';
import {
  POOL_JOIN_NOTICE,
  POOL_KEEP_NOTICE,
  poolMessages,
} from '../../../src/shared/talent-pool/talent-pool-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { applyTo, createJob, invite, tokenFor } from '../../support/hiring-team';
import { A_REJECTION_REASON } from '../../support/hiring';

/**
 * The talent pool (docs/behaviour.md#the-talent-pool): joining by consent from the careers site
 * (double opt-in) and from the rejection e-mail's link, the administrators' list, tags and
 * invitations (the hiring team refused), the renewal asked at day 335 and the erasure at day 365,
 * and leaving at once. Through the real app and a real SMTP sink.
 */
const PUBLIC_URL = 'https://careers.example.co.uk';
const DELIVERY = { timeout: 15_000, interval: 50 };
const DAY_MS = 24 * 60 * 60 * 1000;
const POOL_LINK = /https:\/\/careers\.example\.co\.uk\/my-talent-pool\/([A-Za-z0-9_-]{43})/;
const KEEP_LINK = /https:\/\/careers\.example\.co\.uk\/keep-my-details\/([A-Za-z0-9_-]{43})/;

let sink: SmtpSink;
let server: TestApp;
let adminToken: string;
let jobId: string;
let cv: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL });
  adminToken = await server.adminToken();
  for (const name of ['Claims', 'Sales']) {
    const added = await server.api('POST', '/departments', { token: adminToken, body: { name } });
    expect(added.status).toBe(201);
  }
  jobId = await createJob(server, adminToken, 'Claims Handler');
  cv = toDataUrl(await validPdf('Pool Member CV'));
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const mailsTo = (address: string, subject: RegExp) =>
  sink.messages.filter(
    (mail) => mail.envelope.to.includes(address) && subject.test(mail.parsed.subject ?? ''),
  );

async function nextMail(address: string, subject: RegExp, before = 0) {
  await expect
    .poll(() => {
      server.context.outbox.wake();
      return mailsTo(address, subject).length;
    }, DELIVERY)
    .toBeGreaterThan(before);
  return mailsTo(address, subject).at(-1)!.parsed.text ?? '';
}

const join = (body: Record<string, unknown>) =>
  server.api('POST', '/talent-pool', {
    body: { consent: true, noticeVersion: POOL_JOIN_NOTICE, departments: ['claims'], ...body },
  });

async function joinAndConfirm(name: string, email: string, extra: Record<string, unknown> = {}) {
  const joined = await join({ name, email, ...extra });
  expect(joined.status, JSON.stringify(joined.body)).toBe(202);
  const text = await nextMail(email, /^Please confirm/);
  const token = POOL_LINK.exec(text)![1]!;
  const confirmed = await server.api('POST', `/my-talent-pool/${token}/confirm`);
  expect(confirmed.status).toBe(200);
  return { token, view: confirmed.body };
}

const memberRow = async (email: string) =>
  (
    await server.context.database.db
      .select()
      .from(talentPoolMembers)
      .where(eq(talentPoolMembers.email, email))
  )[0];

const auditOf = (subject: string, action: string) =>
  server.context.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.subjectEmail, subject), eq(auditEntries.action, action)));

describe('the talent pool', () => {
  it('refuses bad requests to join with clear messages', async () => {
    const email = 'bad.input@example.com';
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: 'A', email, consent: false }, 400, poolMessages.consentRequired],
      [{ name: 'A', email, departments: ['nowhere'] }, 400, poolMessages.departmentUnknown],
      [{ name: 'A', email, departments: [] }, 400, poolMessages.departmentsRequired],
      [{ name: 'A', email, departments: ['x'.repeat(81)] }, 400, poolMessages.departmentUnknown],
      [{ name: 'A\u0007B', email }, 400, 'Name cannot contain line breaks or control characters.'],
      [{ name: 'A'.repeat(201), email }, 400, 'Name must be at most 200 characters.'],
      [{ name: 'A', email, cv: 'data:image/png;base64,AAAA' }, 400, poolMessages.cvNotPdf],
      [{ name: 'A', email, cv: toDataUrl(Buffer.from('not a pdf at all')) }, 400, poolMessages.cvUnreadable],
    ];
    for (const [body, status, message] of cases) {
      const answer = await join(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    expect(await memberRow(email)).toBeUndefined();
  });

  it('joins with a CV only once the e-mailed link is opened and confirmed', async () => {
    const email = 'joiner@example.com';
    const joined = await join({ name: 'Jo Joiner', email, cv });
    expect(joined.status).toBe(202);
    expect(joined.body.message).toBe(poolMessages.joined);
    const text = await nextMail(email, /^Please confirm/);
    expect(text).not.toContain('Jo Joiner');
    const token = POOL_LINK.exec(text)![1]!;

    // Unconfirmed: the page says so, and administrators do not see it.
    const before = await server.api('GET', `/my-talent-pool/${token}`);
    expect(before.body).toMatchObject({ confirmed: false, hasCv: true, departments: ['claims'] });
    const listed = await server.api('GET', '/talent-pool/members', { token: adminToken });
    expect(listed.body.map((member: { email: string }) => member.email)).not.toContain(email);

    const confirmed = await server.api('POST', `/my-talent-pool/${token}/confirm`);
    expect(confirmed.body).toMatchObject({ confirmed: true, name: 'Jo Joiner' });
    const ends = Date.parse(confirmed.body.consentEndsAt) - Date.parse(confirmed.body.consentGivenAt);
    expect(ends).toBe(365 * DAY_MS);
    const row = await memberRow(email);
    expect(row).toMatchObject({ noticeVersion: POOL_JOIN_NOTICE, source: 'careers' });
    expect(row!.tokenHash).not.toBe(token);
  });

  it('keeps a rejected applicant who ticks the box on the page the rejection e-mail links to', async () => {
    const applicant = { name: 'Rita Rejected', email: 'rita.rejected@example.com', about: 'Hello.' };
    const applicationId = await applyTo(server, jobId, applicant);
    const rejected = await server.api('PUT', `/applications/${applicationId}/stage`, {
      token: adminToken,
      body: { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const rejection = await nextMail(applicant.email, /.*/, 1);
    expect(rejection).toContain('Keep my details for future roles for 12 months');
    const token = KEEP_LINK.exec(rejection)![1]!;
    // The applicant's own link is untouched: it still opens their application.
    expect(rejection).not.toContain('/my-application/');

    expect((await server.api('GET', `/keep-my-details/${token}`)).body).toEqual({
      inPool: false,
      consentEndsAt: null,
    });
    const unticked = await server.api('POST', `/keep-my-details/${token}`, {
      body: { departments: [], consent: false, noticeVersion: POOL_KEEP_NOTICE },
    });
    expect(unticked.status).toBe(400);
    const kept = await server.api('POST', `/keep-my-details/${token}`, {
      body: { departments: ['sales'], consent: true, noticeVersion: POOL_KEEP_NOTICE },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({
      confirmed: true,
      appliedFor: 'Claims Handler',
      departments: ['sales'],
    });
    expect((await server.api('GET', `/keep-my-details/${token}`)).body.inPool).toBe(true);
    expect(await nextMail(applicant.email, /^You are in the/)).toMatch(POOL_LINK);
  });

  it('lets administrators filter, tag and invite to an open job, and refuses the hiring team', async () => {
    const email = 'tagged@example.com';
    await joinAndConfirm('Tia Tagged', email, { departments: ['claims', 'sales'] });
    const member = (
      await server.api('GET', '/talent-pool/members?department=sales', { token: adminToken })
    ).body.find((row: { email: string }) => row.email === email);
    expect(member).toBeDefined();
    const claimsOnly = await server.api('GET', '/talent-pool/members?department=claims', {
      token: adminToken,
    });
    expect(claimsOnly.body.map((row: { email: string }) => row.email)).not.toContain(
      'rita.rejected@example.com',
    );

    const tagged = await server.api('PUT', `/talent-pool/members/${member._id}/tags`, {
      token: adminToken,
      body: { tags: ['bilingual', 'bilingual', 'nights'] },
    });
    expect(tagged.body.tags).toEqual(['bilingual', 'nights']);
    const badTag = await server.api('PUT', `/talent-pool/members/${member._id}/tags`, {
      token: adminToken,
      body: { tags: ['x'.repeat(41)] },
    });
    expect(badTag.status).toBe(400);
    const byTag = await server.api('GET', '/talent-pool/members?tag=bilingual', { token: adminToken });
    expect(byTag.body.map((row: { email: string }) => row.email)).toEqual([email]);
    const exported = await server.api('GET', `/applicants/${encodeURIComponent(email)}/export`, {
      token: adminToken,
    });
    expect(exported.body.talentPool).toMatchObject({ email, tags: ['bilingual', 'nights'], cv: null });

    const invited = await server.api('POST', `/talent-pool/members/${member._id}/invite`, {
      token: adminToken,
      body: { jobId },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const invitation = await nextMail(email, /^An opening/);
    expect(invitation).toContain(`${PUBLIC_URL}/apply/${jobId}`);
    expect(await auditOf(email, 'talent-pool-invite')).toHaveLength(1);
    const unknownJob = await server.api('POST', `/talent-pool/members/${member._id}/invite`, {
      token: adminToken,
      body: { jobId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknownJob.body.message).toBe(poolMessages.jobNotOpen);

    const manager = await invite(server, adminToken, 'hiring-manager', 'pool-hm');
    const managerToken = await tokenFor(server, manager);
    expect((await server.api('GET', '/talent-pool/members', { token: managerToken })).status).toBe(403);
    const refused = await server.api('POST', `/talent-pool/members/${member._id}/invite`, {
      token: managerToken,
      body: { jobId },
    });
    expect(refused.status).toBe(403);
  });

  it('asks once to renew at day 335 and erases at day 365, with the audit trail recording it', async () => {
    const email = 'ending@example.com';
    const { view } = await joinAndConfirm('Ed Ending', email, { cv });
    const joinedAt = Date.parse(view.consentGivenAt);
    const row = await memberRow(email);
    expect(await server.context.blobs.get(row!.cvKey!)).toBeDefined();

    await askDueRenewals(server.context, new Date(joinedAt + 334 * DAY_MS));
    expect((await memberRow(email))!.renewalAskedAt).toBeNull();
    await askDueRenewals(server.context, new Date(joinedAt + 335 * DAY_MS));
    const renewal = await nextMail(email, /^Stay in the/);
    expect(renewal).toMatch(POOL_LINK);
    const asked = mailsTo(email, /^Stay in the/).length;
    await askDueRenewals(server.context, new Date(joinedAt + 340 * DAY_MS));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(email, /^Stay in the/)).toHaveLength(asked);
    const renewable = await server.api('GET', `/my-talent-pool/${POOL_LINK.exec(renewal)![1]}`);
    expect(renewable.body.renewable).toBe(false); // the real clock is still at day 0

    await purgeEndedMembers(server.context, new Date(joinedAt + 365 * DAY_MS - 60_000));
    expect(await memberRow(email)).toBeDefined();
    await purgeEndedMembers(server.context, new Date(joinedAt + 365 * DAY_MS));
    expect(await memberRow(email)).toBeUndefined();
    expect(await server.context.blobs.get(row!.cvKey!)).toBeUndefined();
    const purged = await auditOf(erasedSubject(email), 'talent-pool-purged');
    expect(purged).toHaveLength(1);
    expect(purged[0]!.detail).toBe('Consent ended');
    const left = await server.context.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectEmail, email), like(auditEntries.action, 'talent-pool-%')));
    expect(left).toEqual([]);
  });

  it('erases a member at once who leaves from their page', async () => {
    const email = 'leaver@example.com';
    const { token } = await joinAndConfirm('Lee Leaver', email);
    const left = await server.api('DELETE', `/my-talent-pool/${token}`);
    expect(left.body).toEqual({ acknowledged: true });
    expect(await memberRow(email)).toBeUndefined();
    expect(await auditOf(erasedSubject(email), 'talent-pool-left')).toHaveLength(1);
    // Logged for a restore to replay, by digest, without touching the address's applications.
    const logged = await readErasureLog([server.context.erasureLog.file!]);
    expect(logged).toContainEqual(
      expect.objectContaining({ action: 'talent-pool', subject: subjectDigest(email) }),
    );
    const after = await server.api('GET', `/my-talent-pool/${token}`);
    expect(after.status).toBe(404);
    expect(after.body.message).toBe(poolMessages.linkGone);
  });
});
