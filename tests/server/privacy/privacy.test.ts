import { stablePrivateLink } from '../../support/private-link';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationNotes, applications, auditEntries, emailOutbox } from '../../../src/server/db/schema';
import { erasedSubject } from '../../../src/server/audit/audit-repository';
import { purgeExpiredApplications } from '../../../src/server/privacy/retention';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/site/privacy-notice';
import { messages } from '../../../src/shared/messages';
import { londonToday } from '../../../src/shared/format/calendar-date';
import {
  adjustmentWithheldLine,
  subjectExportSchema,
  type SubjectExport,
} from '../../../src/shared/privacy/privacy-contract';
import { compileSerializer } from '../../../src/server/http/schema-serializer';
import { pngBytes, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { STRONG_PASSWORD, logIn } from '../../support/accounts';
import { invite, tokenFor, type Person } from '../../support/hiring-team';
import { testDatabaseUrl } from '../../support/postgres';
import { ADMIN, sampleJob } from '../../support/test-server';

const DAY_MS = 86_400_000;
const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
/** The administrator ADJUSTMENTS_CONTACT_EMAIL names: the one reader of adjustment requests. */
const CONTACT = { name: 'Adjustments Contact', email: 'adjustments.contact@example.com' };
const AGREED = 'A quiet room and 15 minutes more for the written exercise.';

let server: TestApp;
let token: string;
let jobId: string;
let otherJobId: string;
let cv: Buffer;
let counter = 0;

const apply = async (overrides: Record<string, unknown> = {}, target: TestApp = server) => {
  counter++;
  const answer = await target.api('POST', '/applications', {
    body: {
      name: `Applicant ${counter}`,
      email: `applicant${counter}@example.com`,
      phone: '07700 900123',
      number: '07700 900123',
      pdfFile: toDataUrl(cv),
      about: `Cover letter ${counter}`,
      jobTitle: 'Customer Service Advisor',
      jobName: 'Customer Service Advisor',
      jobId,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      ...overrides,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body as { success: boolean; insertedId: string; duplicate: boolean };
};

/** The CV bytes the blob store holds for an application, wherever they live. */
const storedCv = (target: TestApp, id: string) => target.context.blobs.get(id);

const backdate = (target: TestApp, id: string, days: number) =>
  target.context.database.db
    .update(applications)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(applications.id, id));

const auditOf = async (id: string) =>
  (await server.api('GET', `/applications/${id}/audit`, { token })).body as Array<{
    action: string;
    actorEmail: string;
  }>;

/** How far the server's clock runs ahead of the real one (`now` in StartOptions). */
let clockShiftMs = 0;

beforeAll(async () => {
  server = await buildTestApp(
    { ADJUSTMENTS_CONTACT_EMAIL: CONTACT.email },
    { now: () => new Date(Date.now() + clockShiftMs) },
  );
  token = await server.adminToken();
  cv = await validPdf('Privacy Test CV');
  jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
  otherJobId = (await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Other Role' }) }))
    .body.insertedId;
});
afterAll(async () => {
  await server?.stop();
});

describe('the privacy notice at the point of application', () => {
  it('stores which notice the applicant was shown, and when', async () => {
    const before = Date.now();
    const { insertedId } = await apply();
    const detail = await server.api('GET', `/applications/${insertedId}`, { token });
    expect(detail.body.privacyNoticeVersion).toBe(PRIVACY_NOTICE_VERSION);
    const at = Date.parse(detail.body.privacyAcknowledgedAt);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses a notice version other than the current one with 400, storing nothing', async () => {
    const before = (await server.api('GET', '/applications', { token })).body.length;
    for (const privacyNoticeVersion of ['anything', '2020-01', '', ` ${PRIVACY_NOTICE_VERSION}`, 7]) {
      const answer = await server.api('POST', '/applications', {
        body: {
          name: 'Version Tester',
          email: 'version-tester@example.com',
          phone: '07700 900123',
          pdfFile: toDataUrl(cv),
          about: 'Cover letter',
          jobId,
          privacyNoticeVersion,
        },
      });
      expect(answer.status, String(privacyNoticeVersion)).toBe(400);
      expect(answer.body.message).toBe(messages.privacyNoticeOutdated);
    }
    expect((await server.api('GET', '/applications', { token })).body).toHaveLength(before);
  });

  it('records no acknowledgement when the client showed no notice', async () => {
    const { insertedId } = await apply({ privacyNoticeVersion: undefined });
    const detail = await server.api('GET', `/applications/${insertedId}`, { token });
    expect(detail.body).toMatchObject({ privacyNoticeVersion: null, privacyAcknowledgedAt: null });
  });
});

describe('the audit trail', () => {
  it('records each view, preview, download and deletion, with who and when, and no CV contents', async () => {
    const { insertedId: id } = await apply({ email: 'audited@example.com' });
    expect(await auditOf(id)).toEqual([]);

    expect((await server.api('GET', `/applications/${id}`, { token })).status).toBe(200);
    expect((await server.api('GET', `/applications/${id}/pdf?purpose=preview`, { token })).status).toBe(200);
    expect((await server.api('GET', `/applications/${id}/pdf?purpose=download`, { token })).status).toBe(200);
    const inline = await server.api('GET', `/applications/${id}/cv?disposition=inline`, { token });
    expect(inline.status).toBe(200);
    await server.api('GET', `/applications/${id}/cv`, { token });
    expect((await server.api('GET', `/applications/${id}/pdf?purpose=nonsense`, { token })).status).toBe(400);

    const entries = await server.api('GET', `/applications/${id}/audit`, { token });
    expect(entries.body.map((entry: { action: string }) => entry.action)).toEqual([
      'view',
      'stage',
      'preview',
      'download',
      'preview',
      'download',
    ]);
    for (const entry of entries.body) {
      expect(entry).toEqual({
        _id: expect.any(String),
        applicationId: id,
        action: entry.action,
        detail: entry.action === 'stage' ? 'New → Reviewed' : null,
        actorEmail: ADMIN.email,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
    }
    const base64 = cv.toString('base64');
    const rows = await server.context.database.db.select().from(auditEntries);
    expect(JSON.stringify(rows)).not.toContain(base64.slice(0, 40));

    expect((await server.api('DELETE', `/applications/${id}`, { token })).status).toBe(200);
    const kept = await server.context.audit.forSubject('audited@example.com');
    expect(kept.map((entry) => entry.action)).toContain('delete');
    expect((await server.api('GET', `/applications/${id}/audit`, { token })).status).toBe(404);
  });
});

describe('retention', () => {
  it('purges applications older than RETENTION_DAYS with their CVs, keeps held ones, and a dry run deletes nothing', async () => {
    const old = await apply({ email: 'old@example.com' });
    const held = await apply({ email: 'held@example.com' });
    const fresh = await apply({ email: 'fresh@example.com' });
    await backdate(server, old.insertedId, 200);
    await backdate(server, held.insertedId, 200);
    await server.api('POST', `/applications/${old.insertedId}/notes`, { token, body: { body: 'Old note' } });

    const hold = await server.api('PUT', `/applications/${held.insertedId}/hold`, {
      token,
      body: { hold: true },
    });
    expect(hold.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await server.api('GET', `/applications/${held.insertedId}`, { token })).body.retentionHold).toBe(
      true,
    );
    expect((await auditOf(held.insertedId)).map((entry) => entry.action)).toContain('hold');

    const dry = await purgeExpiredApplications(server.context, 183, { dryRun: true });
    expect(dry.expired.map((row) => row.id)).toContain(old.insertedId);
    expect(dry.expired.map((row) => row.id)).not.toContain(held.insertedId);
    expect(dry.deleted).toBe(0);
    expect(await storedCv(server, old.insertedId)).toBeDefined();
    expect((await server.api('GET', `/applications/${old.insertedId}`, { token })).status).toBe(200);

    const real = await purgeExpiredApplications(server.context, 183);
    expect(real.deleted).toBe(real.expired.length);
    expect((await server.api('GET', `/applications/${old.insertedId}`, { token })).status).toBe(404);
    expect(await storedCv(server, old.insertedId)).toBeUndefined();
    const notes = await server.context.database.db
      .select()
      .from(applicationNotes)
      .where(eq(applicationNotes.applicationId, old.insertedId));
    expect(notes).toEqual([]);
    expect(await server.context.audit.forApplication(old.insertedId)).toEqual([]);
    for (const kept of [held, fresh]) {
      expect((await server.api('GET', `/applications/${kept.insertedId}`, { token })).status).toBe(200);
      expect(await storedCv(server, kept.insertedId)).toBeDefined();
    }

    // Released, the held one goes at the next purge.
    const release = await server.api('PUT', `/applications/${held.insertedId}/hold`, {
      token,
      body: { hold: false },
    });
    expect(release.body.modifiedCount).toBe(1);
    await purgeExpiredApplications(server.context, 183);
    expect((await server.api('GET', `/applications/${held.insertedId}`, { token })).status).toBe(404);
  });

  it('refuses a bad hold request', async () => {
    const { insertedId } = await apply();
    const bad = await server.api('PUT', `/applications/${insertedId}/hold`, { token, body: { hold: 'yes' } });
    expect(bad.status).toBe(400);
    const missing = await server.api('PUT', '/applications/00000000-0000-4000-8000-000000000000/hold', {
      token,
      body: { hold: true },
    });
    expect(missing.status).toBe(404);
  });
});

describe('access requests and erasure', () => {
  const SUBJECT = 'subject.person@example.com';
  let ids: string[];
  let otherId: string;

  beforeAll(async () => {
    ids = [
      (await apply({ email: SUBJECT, name: 'Sam Subject' })).insertedId,
      (await apply({ email: SUBJECT, name: 'Sam Subject', jobId: otherJobId })).insertedId,
    ];
    otherId = (await apply({ email: 'bystander@example.com' })).insertedId;
    await server.api('POST', `/applications/${ids[0]}/notes`, {
      token,
      body: { body: 'Called Sam on Monday' },
    });
    await server.api('GET', `/applications/${ids[1]}/pdf?purpose=preview`, { token });
  });

  it('exports every application, CV, note and audit entry held about one address, as one download', async () => {
    const response = await server.api(
      'GET',
      `/applicants/${encodeURIComponent('Subject.Person@example.com')}/export`,
      { token },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="applicant-data-subject\.person@example\.com\.json"/,
    );
    const data = response.body as SubjectExport;
    // The CVs' base64 is written in as they are read: the answer is still the contract's
    // serializer's text of that export, byte for byte, with its length said first.
    expect(response.headers.get('content-length')).toBe(String(response.bytes.length));
    expect(response.bytes.toString()).toBe(compileSerializer(subjectExportSchema)(data));
    expect(data.subjectEmail).toBe(SUBJECT);
    expect(data.exportedBy).toBe(ADMIN.email);
    expect(data.applications.map((row: { _id: string }) => row._id).sort()).toEqual([...ids].sort());
    for (const application of data.applications) {
      expect(application.about).toMatch(/^Cover letter/);
      expect(application.cv).toMatchObject({ fileName: 'Sam Subject_resume.pdf', size: cv.length });
      expect(Buffer.from(application.cv!.base64, 'base64').equals(cv)).toBe(true);
    }
    expect(data.notes.map((note: { body: string }) => note.body)).toEqual(['Called Sam on Monday']);
    const actions = data.audit.map((entry: { action: string }) => entry.action);
    expect(actions).toContain('preview');
    expect(actions).toContain('export');
    expect(JSON.stringify(data)).not.toContain('bystander@example.com');
  });

  it('answers 404 for an address with nothing held, and 400 for one that is not an address', async () => {
    const none = await server.api('GET', `/applicants/${encodeURIComponent('nobody@example.com')}/export`, {
      token,
    });
    expect(none.status).toBe(404);
    const bad = await server.api('GET', '/applicants/not-an-email/export', { token });
    expect(bad.status).toBe(400);
  });

  it('erases everything about one address, database and blob store both, and nothing else', async () => {
    const erased = await server.api('DELETE', `/applicants/${encodeURIComponent(SUBJECT)}`, { token });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ acknowledged: true, deletedCount: 2, notesDeleted: 1 });
    expect(erased.body.auditEntriesDeleted).toBeGreaterThan(0);

    const { db } = server.context.database;
    const left = await db.select().from(applications).where(eq(applications.email, SUBJECT));
    expect(left).toEqual([]);
    const notes = await db.select({ n: sql<number>`count(*)::int` }).from(applicationNotes);
    const noteRows = await db.select().from(applicationNotes);
    expect(noteRows.filter((note) => ids.includes(note.applicationId))).toEqual([]);
    expect(notes[0]!.n).toBe(noteRows.length);
    const audit = await db.select().from(auditEntries);
    expect(audit.filter((entry) => entry.subjectEmail === SUBJECT)).toEqual([]);
    expect(audit.filter((entry) => ids.includes(entry.applicationId ?? ''))).toEqual([]);
    expect(JSON.stringify(audit)).not.toContain(SUBJECT);
    expect(audit.find((entry) => entry.subjectEmail === erasedSubject(SUBJECT))).toMatchObject({
      action: 'erase',
    });
    for (const id of ids) expect(await storedCv(server, id)).toBeUndefined();

    expect((await server.api('GET', `/applications/${otherId}`, { token })).status).toBe(200);
    expect(await storedCv(server, otherId)).toBeDefined();
    const after = await server.api('GET', `/applicants/${encodeURIComponent(SUBJECT)}/export`, { token });
    expect(after.status).toBe(404);
  });
});

describe(`the access export of a hire, with every kind of record, on ${engine}`, () => {
  const HIRE = { name: 'Hana Hire', email: 'hana.hire@example.com' };
  const OTHER = { name: 'Olly Otherperson', email: 'olly.otherperson@example.com' };
  const ASKED_WHEN_APPLYING = 'I use a screen reader: please send any written task as a Word document.';
  const ASKED_WHEN_BOOKING = 'A ground-floor room, please: I use a wheelchair.';
  const OTHERS_ADJUSTMENT = 'Olly asks for a quiet room.';
  const NOTE = 'Hana called back: start date agreed.';
  const OTHERS_NOTE = 'Olly: second interview maybe.';
  const OTHERS_SCORECARD_NOTE = 'Olly hesitated on the quote question.';
  const PLACE = 'Room 4, Northampton office';
  const OTHERS_PLACE = 'Room 9, Leeds office';
  const questions = [
    {
      id: 'shift',
      type: 'one-of',
      label: 'Which shift suits you?',
      purpose: 'We staff the phones from 8am to 8pm.',
      required: true,
      options: ['Early', 'Late'],
    },
    {
      id: 'notice',
      type: 'short-text',
      label: 'What is your notice period?',
      purpose: 'To plan a start date.',
      required: true,
    },
  ];
  const YEAR = new Date().getUTCFullYear() + 1;
  let jobId: string;
  let hireId: string;
  let otherId: string;
  let hireCv: Buffer;
  let otherCv: Buffer;
  let evidence: Buffer;
  let othersEvidence: Buffer;
  let interviewers: Person[];
  let contactToken: string;

  const applyAs = async (who: { name: string; email: string }, cvBytes: Buffer, adjustments: string) => {
    const answer = await server.api('POST', '/applications', {
      body: {
        ...who,
        phone: '07700 900123',
        about: `Cover letter of ${who.name}.`,
        jobId,
        pdfFile: toDataUrl(cvBytes),
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        answers: { shift: 'Late', notice: `Notice of ${who.name}: four weeks` },
        adjustments,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.insertedId as string;
  };
  const ok = async (answer: Promise<{ status: number; body: unknown }>, status = 200) => {
    const settled = await answer;
    expect(settled.status, JSON.stringify(settled.body)).toBe(status);
    return settled.body;
  };
  const moveTo = (id: string, stage: string, notify = false) =>
    ok(server.api('PUT', `/applications/${id}/stage`, { token, body: { stage, notify } }));
  /** Offers one new time with these interviewers, and books it through the applicant's private link. */
  const interview = async (
    id: string,
    date: string,
    place: string,
    people: Person[],
    adjustments: string,
  ) => {
    await ok(
      server.api('POST', `/applications/${id}/interview-slots`, {
        token,
        body: {
          slots: [
            { date, time: '10:30', durationMinutes: 45, place, interviewerIds: people.map((p) => p.id) },
          ],
        },
      }),
    );
    const link = await stablePrivateLink(server, id);
    const offered = (await ok(server.api('GET', `/my-application/${link}/interview`))) as {
      slots: Array<{ _id: string }>;
    };
    await ok(
      server.api('PUT', `/my-application/${link}/interview`, {
        body: { slotId: offered.slots[0]!._id, adjustments },
      }),
    );
  };
  const score = async (id: string, person: Person, notes: [string, string], recommendation: string) =>
    ok(
      server.api('PUT', `/team/applications/${id}/scorecard`, {
        token: await tokenFor(server, person),
        body: {
          ratings: [
            { criterion: 'Clear spoken English', rating: 3, note: notes[0] },
            { criterion: 'A second language is a plus', rating: 4, note: notes[1] },
          ],
          recommendation,
        },
      }),
    );
  const hireThrough = async (id: string, evidenceBytes: Buffer, type: string) => {
    await moveTo(id, 'offer');
    await moveTo(id, 'hired');
    await ok(
      server.api('PUT', `/applications/${id}/right-to-work`, {
        token,
        body: { method: 'online-share-code', checkedOn: londonToday() },
      }),
    );
    await ok(
      server.api('PUT', `/applications/${id}/right-to-work/evidence`, {
        token,
        body: evidenceBytes,
        headers: { 'content-type': type },
      }),
    );
  };
  const exportAs = async (as: string) => {
    const answer = await server.api('GET', `/applicants/${encodeURIComponent(HIRE.email)}/export`, {
      token: as,
    });
    expect(answer.status).toBe(200);
    return answer.body as SubjectExport;
  };

  beforeAll(async () => {
    const registered = await server.api('POST', '/register', {
      body: { ...CONTACT, password: STRONG_PASSWORD },
    });
    expect(registered.status).toBe(201);
    await server.context.users.setAdmin(CONTACT.email, true);
    contactToken = await logIn(server, CONTACT.email, STRONG_PASSWORD);
    jobId = (
      (await ok(server.api('POST', '/post', { token, body: sampleJob({ questions }) }), 201)) as {
        insertedId: string;
      }
    ).insertedId;
    interviewers = [
      await invite(server, token, 'interviewer', 'export-iv-a'),
      await invite(server, token, 'interviewer', 'export-iv-b'),
    ];
    [hireCv, otherCv, evidence, othersEvidence] = [
      await validPdf('Hana Hire CV'),
      await validPdf('Olly Otherperson CV'),
      pngBytes(),
      await validPdf('Olly share code result'),
    ];
    hireId = await applyAs(HIRE, hireCv, ASKED_WHEN_APPLYING);
    otherId = await applyAs(OTHER, otherCv, OTHERS_ADJUSTMENT);
    await ok(server.api('POST', `/applications/${hireId}/notes`, { token, body: { body: NOTE } }), 201);
    await ok(
      server.api('POST', `/applications/${otherId}/notes`, { token, body: { body: OTHERS_NOTE } }),
      201,
    );
    for (const id of [hireId, otherId]) {
      await moveTo(id, 'shortlisted');
      await moveTo(id, 'interview', true);
    }
    await interview(hireId, `${YEAR}-07-07`, PLACE, interviewers, ASKED_WHEN_BOOKING);
    await interview(otherId, `${YEAR}-07-08`, OTHERS_PLACE, [interviewers[0]!], OTHERS_ADJUSTMENT);
    // A scorecard opens when its interview starts: the server's clock goes past both, then back.
    clockShiftMs = Date.parse(`${YEAR}-07-09T00:00:00Z`) - Date.now();
    try {
      await score(
        hireId,
        interviewers[0]!,
        ['Explained a renewal clearly.', 'Fluent in Urdu.'],
        'strong-yes',
      );
      await score(hireId, interviewers[1]!, ['Good on the phone.', 'Some Punjabi.'], 'yes');
      await score(otherId, interviewers[0]!, [OTHERS_SCORECARD_NOTE, 'None.'], 'no');
    } finally {
      clockShiftMs = 0;
    }
    await hireThrough(hireId, evidence, 'image/png');
    await hireThrough(otherId, othersEvidence, 'application/pdf');
    await ok(
      server.api('PUT', `/applications/${hireId}/adjustments/agreed`, {
        token: contactToken,
        body: { agreed: AGREED },
      }),
    );
  }, 60_000);

  it("an ordinary administrator's export holds every record, each with its content, and only a line for the adjustments", async () => {
    const data = await exportAs(token);
    expect(data).toMatchObject({ subjectEmail: HIRE.email, exportedBy: ADMIN.email });

    expect(data.applications).toHaveLength(1);
    const [application] = data.applications;
    expect(application).toMatchObject({
      _id: hireId,
      name: HIRE.name,
      stage: 'hired',
      about: 'Cover letter of Hana Hire.',
    });
    expect(application!.answers.map(({ id, answer }) => ({ id, answer }))).toEqual([
      { id: 'shift', answer: 'Late' },
      { id: 'notice', answer: 'Notice of Hana Hire: four weeks' },
    ]);
    expect(application!.answers[0]).toMatchObject({ label: 'Which shift suits you?' });
    expect(application!.cv).toMatchObject({
      fileName: 'Hana Hire_resume.pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.from(application!.cv!.base64, 'base64').equals(hireCv)).toBe(true);

    expect(data.notes.map(({ applicationId, body }) => ({ applicationId, body }))).toEqual([
      { applicationId: hireId, body: NOTE },
    ]);
    expect(data.replies.map(({ applicationId, kind }) => ({ applicationId, kind }))).toEqual([
      { applicationId: hireId, kind: 'interview' },
    ]);
    expect(
      data.stageHistory.map(({ applicationId, change, changedBy }) => ({ applicationId, change, changedBy })),
    ).toEqual(
      ['New → Shortlisted', 'Shortlisted → Interview', 'Interview → Offer', 'Offer → Hired'].map(
        (change) => ({
          applicationId: hireId,
          change,
          changedBy: ADMIN.email,
        }),
      ),
    );

    expect(data.interviews).toHaveLength(1);
    const [booked] = data.interviews;
    const startsAt = new Date(`${YEAR}-07-07T09:30:00Z`).toISOString(); // 10:30 BST
    expect(booked).toMatchObject({
      applicationId: hireId,
      offered: [{ startsAt, durationMinutes: 45, place: PLACE }],
      booking: {
        startsAt,
        durationMinutes: 45,
        place: PLACE,
        remindedAt: null,
        interviewers: interviewers.map(({ name }) => ({ name })).sort((a, b) => a.name.localeCompare(b.name)),
      },
    });

    expect(data.scorecards).toEqual([
      {
        applicationId: hireId,
        interviewerName: interviewers[0]!.name,
        ratings: [
          { criterion: 'Clear spoken English', rating: 3, note: 'Explained a renewal clearly.' },
          { criterion: 'A second language is a plus', rating: 4, note: 'Fluent in Urdu.' },
        ],
        recommendation: 'strong-yes',
        submittedAt: expect.any(String),
      },
      expect.objectContaining({ interviewerName: interviewers[1]!.name, recommendation: 'yes' }),
    ]);

    expect(data.rightToWork).toHaveLength(1);
    const [check] = data.rightToWork;
    expect(check).toMatchObject({
      applicationId: hireId,
      method: 'online-share-code',
      checkedOn: londonToday(),
      checkedByEmail: ADMIN.email,
      complete: true,
      keptForEmployment: true,
      evidence: { type: 'image/png', size: evidence.length },
      evidenceFile: {
        fileName: 'Hana Hire_right_to_work.png',
        size: evidence.length,
        contentType: 'image/png',
      },
    });
    expect(Buffer.from(check!.evidenceFile!.base64, 'base64').equals(evidence)).toBe(true);

    // The adjustments: that they are held and who adds them, never what was asked.
    const line = adjustmentWithheldLine(CONTACT.email);
    expect(line).toContain(CONTACT.email);
    // What the contact agreed, which the interviewers read too, is in every export.
    expect(data.adjustments).toEqual([
      { applicationId: hireId, askedWhen: 'application', text: null, withheld: line },
      { applicationId: hireId, askedWhen: 'interview-booking', text: null, withheld: line },
      { applicationId: hireId, askedWhen: 'agreed', text: AGREED, withheld: null },
    ]);

    // The audit trail: about the address and about its application, this export included.
    const actions = new Set(data.audit.map((entry) => entry.action));
    for (const action of ['stage', 'reply', 'interview', 'assign', 'scorecard', 'right-to-work', 'export'])
      expect(actions, action).toContain(action);
    expect(data.audit.every((entry) => entry.applicationId === null || entry.applicationId === hireId)).toBe(
      true,
    );
    expect(
      data.audit.filter(
        (entry) => entry.action === 'right-to-work-evidence' && entry.actorEmail === ADMIN.email,
      ),
    ).toHaveLength(1);
    expect(actions).not.toContain('adjustments');

    // Nothing of the other applicant, nor what was asked as an adjustment.
    const text = JSON.stringify(data);
    for (const held of [
      OTHER.email,
      OTHER.name,
      otherId,
      OTHERS_NOTE,
      OTHERS_SCORECARD_NOTE,
      OTHERS_PLACE,
      OTHERS_ADJUSTMENT,
      otherCv.toString('base64').slice(0, 200),
      othersEvidence.toString('base64').slice(0, 200),
      ASKED_WHEN_APPLYING,
      ASKED_WHEN_BOOKING,
    ])
      expect(text).not.toContain(held);
  });

  it("the adjustments contact's export adds the adjustments' text, and its reading is audited", async () => {
    const data = await exportAs(contactToken);
    expect(data.exportedBy).toBe(CONTACT.email);
    expect(data.adjustments).toEqual([
      { applicationId: hireId, askedWhen: 'application', text: ASKED_WHEN_APPLYING, withheld: null },
      { applicationId: hireId, askedWhen: 'interview-booking', text: ASKED_WHEN_BOOKING, withheld: null },
      { applicationId: hireId, askedWhen: 'agreed', text: AGREED, withheld: null },
    ]);
    expect(data.scorecards).toHaveLength(2);
    expect(Buffer.from(data.rightToWork[0]!.evidenceFile!.base64, 'base64').equals(evidence)).toBe(true);
    expect(
      data.audit
        .filter((entry) => entry.action === 'adjustments')
        .map(({ applicationId, actorEmail }) => ({
          applicationId,
          actorEmail,
        })),
    ).toEqual([{ applicationId: hireId, actorEmail: CONTACT.email }]);
    const text = JSON.stringify(data);
    for (const held of [OTHER.email, OTHERS_NOTE, OTHERS_SCORECARD_NOTE, OTHERS_ADJUSTMENT])
      expect(text).not.toContain(held);
  });
});

describe('e-mails about an applicant who is erased or purged', () => {
  const ERASED = 'erased.mail@example.com';
  const BYSTANDER = 'bystander.mail@example.com';
  const PURGED = 'purged.mail@example.com';
  const DELIVERY = { timeout: 20_000, interval: 50 };
  let sink: SmtpSink;
  let own: TestApp;
  let ownToken: string;
  let ownJob: string;

  /** The queued or sent e-mails that hold this text anywhere (recipient, reply-to, subject, body). */
  const mailMentioning = async (text: string) =>
    (await own.context.database.db.select().from(emailOutbox)).filter((row) =>
      JSON.stringify(row).includes(text),
    );
  const triedAndWaiting = async () =>
    (await own.context.database.db.select().from(emailOutbox)).filter(
      (row) => row.sentAt === null && row.lastError !== null,
    ).length;

  beforeAll(async () => {
    sink = await startSmtpSink();
    own = await buildTestApp(
      { SMTP_URL: sink.url },
      { emailDelivery: { firstRetryMs: 200, maxRetryMs: 500 } },
    );
    ownToken = await own.adminToken();
    ownJob = (await own.api('POST', '/post', { token: ownToken, body: sampleJob() })).body.insertedId;
  });
  afterAll(async () => {
    await own?.stop();
    await sink?.close();
  });

  it('erasure deletes the e-mails queued about the applicant before they went, and they never go', async () => {
    await sink.pause();
    const first = await apply({ jobId: ownJob, email: ERASED, name: 'Erin Erased' }, own);
    const second = await apply(
      { jobId: ownJob, email: ERASED, name: 'Erin Erased', about: 'Second try' },
      own,
    );
    const bystander = await apply({ jobId: ownJob, email: BYSTANDER, name: 'Bea Bystander' }, own);
    // The mail server is down: every message was tried and waits for a retry.
    await expect.poll(triedAndWaiting, DELIVERY).toBe(6);
    // Each application's confirmation and the careers mailbox's notice (which names only its id).
    expect(await mailMentioning(first.insertedId)).toHaveLength(2);
    expect(await mailMentioning(second.insertedId)).toHaveLength(2);
    expect(await mailMentioning(ERASED)).toHaveLength(2);

    const erased = await own.api('DELETE', `/applicants/${encodeURIComponent(ERASED)}`, { token: ownToken });
    expect(erased.status).toBe(200);
    expect(await mailMentioning(ERASED)).toEqual([]);
    expect(await mailMentioning(first.insertedId)).toEqual([]);
    expect(await mailMentioning(second.insertedId)).toEqual([]);
    expect(await mailMentioning('Erin Erased')).toEqual([]);
    expect(await mailMentioning(bystander.insertedId)).toHaveLength(2);

    await sink.resume();
    await expect.poll(() => sink.messages.length, DELIVERY).toBe(2);
    await expect.poll(triedAndWaiting, DELIVERY).toBe(0);
    expect(sink.recipients()).toContain(BYSTANDER);
    for (const message of sink.messages) {
      expect(message.raw).not.toContain(ERASED);
      expect(message.raw).not.toContain('Erin Erased');
    }
  });

  it("the retention purge deletes an expired application's queued e-mails with it", async () => {
    await sink.pause();
    sink.clear();
    const { insertedId } = await apply({ jobId: ownJob, email: PURGED, name: 'Pat Purged' }, own);
    await expect.poll(triedAndWaiting, DELIVERY).toBe(2);
    await backdate(own, insertedId, 200);
    const purged = await purgeExpiredApplications(own.context, 183);
    expect(purged.expired.map((row) => row.id)).toEqual([insertedId]);
    expect(await mailMentioning(PURGED)).toEqual([]);
    expect(await mailMentioning('Pat Purged')).toEqual([]);
    await sink.resume();
    expect(await triedAndWaiting()).toBe(0);
  });
});
