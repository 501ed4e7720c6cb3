import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, cvBlobs, rightToWorkChecks } from '../../../src/server/db/schema';
import { purgeExpiredApplications } from '../../../src/server/privacy/retention';
import { sweepOrphanedCvs } from '../../../src/server/root/start-server';
import { sendDueFollowUps } from '../../../src/server/right-to-work/follow-up-reminders';
import { formatClosingDate } from '../../../src/shared/jobs/closing-date';
import { londonToday } from '../../../src/shared/format/calendar-date';
import { isCheckedOnInFuture } from '../../../src/shared/right-to-work/right-to-work-contract';
import { messages } from '../../../src/shared/messages';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { applyTo, createJob, setUpHiringTeam, type HiringTeam } from '../../support/hiring-team';
import { pdfWithOpenActionJavaScript, pngBytes, validPdf } from '../../support/pdf-fixtures';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { testDatabaseUrl } from '../../support/postgres';
import { ADMIN } from '../../support/test-server';

/**
 * Right-to-work checks (docs/behaviour.md#right-to-work-checks) through the real app: recorded by
 * an administrator at Offer or Hired, the evidence checked as a CV is and readable by
 * administrators alone, the follow-up reminder delivered to a real SMTP listener, and the
 * recruitment purge keeping a completed hire and nothing else. On PGlite, and on PostgreSQL
 * under `npm run test:pg`.
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
const PUBLIC_URL = 'https://careers.test.example';
const DAY_MS = 86_400_000;
const DELIVERY = { timeout: 20_000, interval: 50 };

let sink: SmtpSink;
let server: TestApp;
let team: HiringTeam;
let admin: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL });
  team = await setUpHiringTeam(server);
  admin = team.adminToken;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const dayOffset = (days: number) => londonToday(new Date(Date.now() + days * DAY_MS));

const moveTo = async (id: string, stage: string) => {
  const moved = await server.api('PUT', `/applications/${id}/stage`, { token: admin, body: { stage } });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
};

const newApplication = async (label: string, stage?: string) => {
  const id = await applyTo(server, team.jobA, {
    name: `${label} Applicant`,
    email: `${label.toLowerCase()}-${Date.now()}@example.com`,
    about: `Cover letter of ${label}.`,
  });
  if (stage) await moveTo(id, stage);
  return id;
};

const saveCheck = (id: string, body: object, token = admin) =>
  server.api('PUT', `/applications/${id}/right-to-work`, { token, body });

const uploadEvidence = (id: string, bytes: Buffer, type: string, token = admin) =>
  server.api('PUT', `/applications/${id}/right-to-work/evidence`, {
    token,
    body: bytes,
    headers: { 'content-type': type },
  });

const aPng = () => {
  const image = new PNG({ width: 4, height: 3 });
  image.data.fill(200);
  return PNG.sync.write(image);
};
const aJpeg = () =>
  Buffer.from(jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 128), width: 8, height: 8 }, 80).data);

const completedCheck = async (id: string, extra: object = {}) => {
  expect(
    (await saveCheck(id, { method: 'online-share-code', checkedOn: dayOffset(0), ...extra })).status,
  ).toBe(200);
  const stored = await uploadEvidence(id, await validPdf('Share code result'), 'application/pdf');
  expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  expect(stored.body.complete).toBe(true);
};

const evidenceKeyOf = async (id: string) => {
  const [row] = await server.context.database.db
    .select({ key: rightToWorkChecks.evidenceKey })
    .from(rightToWorkChecks)
    .where(eq(rightToWorkChecks.applicationId, id));
  return row?.key ?? null;
};

describe(`recording a check on ${engine}`, () => {
  it('records method, date, who checked (the signed-in admin) and the evidence, and reads it back', async () => {
    const id = await newApplication('Recorded', 'offer');
    const saved = await saveCheck(id, {
      method: 'manual-document',
      checkedOn: dayOffset(0),
      followUpOn: dayOffset(180),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      method: 'manual-document',
      checkedOn: dayOffset(0),
      checkedByEmail: ADMIN.email,
      followUpOn: dayOffset(180),
      evidence: null,
      complete: false,
    });

    const photo = aJpeg();
    const stored = await uploadEvidence(id, photo, 'image/jpeg');
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.evidence).toMatchObject({ type: 'image/jpeg', size: photo.length });
    expect(stored.body.complete).toBe(true);

    const read = await server.api('GET', `/applications/${id}/right-to-work`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.stage).toBe('offer');
    expect(read.body.check.complete).toBe(true);
    // At Offer the check is complete but the application is not a hire: the purge still applies.
    expect(read.body.check.keptForEmployment).toBe(false);

    const file = await server.api('GET', `/applications/${id}/right-to-work/evidence`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Recorded Applicant_right_to_work\.jpg"/,
    );
    expect(Buffer.compare(file.bytes, photo)).toBe(0);

    const trail = (await server.api('GET', `/applications/${id}/audit`, { token: admin })).body as Array<{
      action: string;
      actorEmail: string;
    }>;
    expect(trail.filter((entry) => entry.action === 'right-to-work')).toHaveLength(2);
    expect(
      trail.some((entry) => entry.action === 'right-to-work-evidence' && entry.actorEmail === ADMIN.email),
    ).toBe(true);
  });

  it('replaces earlier evidence and removes its file', async () => {
    const id = await newApplication('Replaced', 'hired');
    await completedCheck(id);
    const first = await evidenceKeyOf(id);
    expect(await server.context.blobs.get(first!)).toBeDefined();
    expect((await uploadEvidence(id, aPng(), 'image/png')).status).toBe(200);
    const second = await evidenceKeyOf(id);
    expect(second).not.toBe(first);
    expect(await server.context.blobs.get(first!)).toBeUndefined();
    expect(await server.context.blobs.get(second!)).toBeDefined();
  });

  it('refuses a check before Offer, bad fields, an employment end before Hired and evidence before the check, with messages and nothing saved', async () => {
    const early = await newApplication('Early', 'shortlisted');
    const wrongStage = await saveCheck(early, { method: 'manual-document', checkedOn: dayOffset(0) });
    expect(wrongStage.status).toBe(409);
    expect(wrongStage.body.message).toBe(messages.rightToWorkWrongStage);

    const offered = await newApplication('Fields', 'offer');
    const noCheck = await uploadEvidence(offered, aPng(), 'image/png');
    expect(noCheck.status).toBe(409);
    expect(noCheck.body.message).toBe(messages.rightToWorkNoCheck);

    const badMethod = await saveCheck(offered, { method: 'asked-nicely', checkedOn: dayOffset(0) });
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.message).toContain(messages.rightToWorkMethodInvalid);
    const badDate = await saveCheck(offered, { method: 'manual-document', checkedOn: '2026-02-30' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toContain(messages.rightToWorkCheckedOnInvalid);
    const followUpFirst = await saveCheck(offered, {
      method: 'manual-document',
      checkedOn: dayOffset(0),
      followUpOn: dayOffset(-1),
    });
    expect(followUpFirst.status).toBe(400);
    expect(followUpFirst.body.message).toContain(messages.rightToWorkFollowUpInvalid);
    // At Offer there is no employment yet to have ended: its end date waits for Hired.
    const endAtOffer = await saveCheck(offered, {
      method: 'manual-document',
      checkedOn: dayOffset(0),
      employmentEndedOn: dayOffset(300),
    });
    expect(endAtOffer.status).toBe(409);
    expect(endAtOffer.body.message).toBe(messages.rightToWorkEmploymentEndTooEarly);
    expect(
      (await server.api('GET', `/applications/${offered}/right-to-work`, { token: admin })).body.check,
    ).toBeNull();
    // Without one the check is recorded at Offer; at Hired the end date is taken.
    expect((await saveCheck(offered, { method: 'manual-document', checkedOn: dayOffset(0) })).status).toBe(
      200,
    );
    await moveTo(offered, 'hired');
    const endAtHired = await saveCheck(offered, {
      method: 'manual-document',
      checkedOn: dayOffset(0),
      employmentEndedOn: dayOffset(300),
    });
    expect(endAtHired.status, JSON.stringify(endAtHired.body)).toBe(200);
    expect(endAtHired.body.employmentEndedOn).toBe(dayOffset(300));
  });

  it('refuses a date checked after today in London, on a new check and on a change, and takes today', async () => {
    // The calendar's next day, not 24 hours on (a day of a clock change is 23 or 25 hours long).
    const today = dayOffset(0);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    const id = await newApplication('Future', 'offer');
    const check = (checkedOn: string) => ({ method: 'manual-document', checkedOn });
    const readBack = async () =>
      (await server.api('GET', `/applications/${id}/right-to-work`, { token: admin })).body.check;

    const early = await saveCheck(id, check(tomorrow));
    expect(early.status).toBe(400);
    expect(early.body.message).toContain(messages.rightToWorkCheckedOnFuture);
    expect(await readBack()).toBeNull();

    expect((await saveCheck(id, check(today))).status).toBe(200);
    const changed = await saveCheck(id, { ...check(tomorrow), followUpOn: dayOffset(90) });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toContain(messages.rightToWorkCheckedOnFuture);
    expect(await readBack()).toMatchObject({ checkedOn: today, followUpOn: null });

    // The London calendar decides: at 00:30 BST on 1 July UTC still says 30 June.
    const halfPastMidnightBst = new Date('2027-06-30T23:30:00Z');
    expect(isCheckedOnInFuture('2027-07-01', halfPastMidnightBst)).toBe(false);
    expect(isCheckedOnInFuture('2027-07-02', halfPastMidnightBst)).toBe(true);
    expect(isCheckedOnInFuture('2027-01-16', new Date('2027-01-15T23:30:00Z'))).toBe(true);
  });

  it('checks the evidence as a CV is checked: type, content, active PDFs and size', async () => {
    const id = await newApplication('Evidence', 'hired');
    expect(
      (await saveCheck(id, { method: 'identity-service-provider', checkedOn: dayOffset(0) })).status,
    ).toBe(200);
    const cases: Array<[Buffer, string, number, string]> = [
      [aPng(), 'image/gif', 415, messages.rightToWorkEvidenceType],
      [await validPdf(), 'image/png', 400, messages.rightToWorkEvidenceUnreadable],
      [aPng().subarray(0, 40), 'image/png', 400, messages.rightToWorkEvidenceUnreadable],
      [
        Buffer.concat([aJpeg().subarray(0, 3), Buffer.alloc(200, 7)]),
        'image/jpeg',
        400,
        messages.rightToWorkEvidenceUnreadable,
      ],
      [pdfWithOpenActionJavaScript(), 'application/pdf', 400, messages.rightToWorkEvidenceActive],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'application/pdf', 413, messages.rightToWorkEvidenceTooLarge],
    ];
    for (const [bytes, type, status, message] of cases) {
      const refused = await uploadEvidence(id, bytes, type);
      expect({ type, status: refused.status, message: refused.body.message }).toEqual({
        type,
        status,
        message,
      });
    }
    expect(
      (await server.api('GET', `/applications/${id}/right-to-work`, { token: admin })).body.check.evidence,
    ).toBeNull();
    // The fixture every CV test uses as "a renamed image" is a real PNG: taken here.
    expect((await uploadEvidence(id, pngBytes(), 'image/png')).status).toBe(200);
  });
});

/** A PNG of a single colour: a few kilobytes whatever its size in pixels. */
const flatPng = (width: number, height: number, bitDepth: number, colourType: number) => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colourType]!;
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8) + 1;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(rowBytes * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

describe(`large evidence images on ${engine}`, () => {
  it('decodes one within the limit away from the main thread: /api/health answers at once meanwhile', async () => {
    const id = await newApplication('Decoding', 'offer');
    expect((await saveCheck(id, { method: 'manual-document', checkedOn: dayOffset(0) })).status).toBe(200);
    // 12 megapixels of one bit each: a small file that takes pngjs most of a second to decode.
    const scan = flatPng(4000, 3000, 1, 0);
    let settled = false;
    const uploadStarted = performance.now();
    let uploadMs = 0;
    const upload = uploadEvidence(id, scan, 'image/png').finally(() => {
      settled = true;
      uploadMs = performance.now() - uploadStarted;
    });
    // Each round asks for /api/health and then lets the event loop take its other work (the
    // worker's answer among it): the time a round takes is how long the main thread kept it waiting.
    const rounds: number[] = [];
    while (!settled) {
      const started = performance.now();
      expect((await server.api('GET', '/health')).status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      rounds.push(performance.now() - started);
      // Asked every few milliseconds, not in a tight loop that would take the core the worker
      // decodes on.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const stored = await upload;
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.evidence).toMatchObject({ type: 'image/png', size: scan.length });
    // Asked again and again while the image was decoded, and never kept waiting. Had the main
    // thread decoded it, one round would have lasted about as long as the whole upload (seconds);
    // on a busy machine a round may still wait a few hundred milliseconds for a core, so the
    // bound is 200 ms or a quarter of the upload, whichever is longer.
    expect(rounds.length).toBeGreaterThan(5);
    expect(Math.max(...rounds)).toBeLessThan(Math.max(200, uploadMs / 4));
  });

  it('refuses one over the pixel limit from its header: a 59.5-megapixel PNG of 60 KB, a 64-megapixel JPEG', async () => {
    const id = await newApplication('Pixels', 'offer');
    expect((await saveCheck(id, { method: 'manual-document', checkedOn: dayOffset(0) })).status).toBe(200);
    const hugePng = flatPng(7714, 7714, 8, 0);
    expect(hugePng.length).toBeLessThan(200 * 1024);
    const hugeJpeg = aJpeg();
    const frame = hugeJpeg.indexOf(Buffer.from([0xff, 0xc0]));
    hugeJpeg.writeUInt16BE(8000, frame + 5);
    hugeJpeg.writeUInt16BE(8000, frame + 7);
    for (const [bytes, type] of [
      [hugePng, 'image/png'],
      [hugeJpeg, 'image/jpeg'],
      // 16 bits a channel decode to twice the bytes: 13 megapixels count as 26.
      [flatPng(3606, 3606, 16, 0), 'image/png'],
    ] as const) {
      const refused = await uploadEvidence(id, bytes, type);
      expect({ type, status: refused.status, message: refused.body.message }).toEqual({
        type,
        status: 413,
        message: messages.rightToWorkEvidenceTooManyPixels,
      });
    }
    expect(
      (await server.api('GET', `/applications/${id}/right-to-work`, { token: admin })).body.check.evidence,
    ).toBeNull();
  });
});

describe(`who may reach a check on ${engine}`, () => {
  it('administrators only: the hiring manager and the interviewer of the application get 403, no token 401', async () => {
    await moveTo(team.a1, 'offer');
    await completedCheck(team.a1);
    const hm = await team.token(team.hmA);
    const iv = await team.token(team.ivA1);
    for (const token of [hm, iv]) {
      for (const [method, suffix, body] of [
        ['GET', '/right-to-work/evidence', undefined],
        ['GET', '/right-to-work', undefined],
        ['PUT', '/right-to-work', { method: 'manual-document', checkedOn: dayOffset(0) }],
      ] as const) {
        const answer = await server.api(method, `/applications/${team.a1}${suffix}`, { token, body });
        expect({ method, suffix, status: answer.status }).toEqual({ method, suffix, status: 403 });
        expect(answer.bytes.includes(Buffer.from('%PDF-'))).toBe(false);
      }
      const upload = await uploadEvidence(team.a1, aPng(), 'image/png', token);
      expect(upload.status).toBe(403);
    }
    expect((await server.api('GET', `/applications/${team.a1}/right-to-work/evidence`)).status).toBe(401);
    // The hiring manager's own view of the application carries nothing of the check.
    const teamView = await server.api('GET', `/team/applications/${team.a1}`, { token: hm });
    expect(teamView.status).toBe(200);
    expect(JSON.stringify(teamView.body)).not.toMatch(/right.to.work|evidence/i);
  });
});

describe(`the follow-up reminder on ${engine}`, () => {
  it('e-mails the checker and the careers mailbox once when the follow-up date comes', async () => {
    const id = await newApplication('Followup', 'hired');
    expect(
      (
        await saveCheck(id, {
          method: 'online-share-code',
          checkedOn: dayOffset(0),
          followUpOn: dayOffset(30),
        })
      ).status,
    ).toBe(200);
    const mailsAbout = () =>
      sink.messages.filter(
        (message) =>
          message.parsed.subject?.startsWith('Right-to-work follow-up due ') &&
          message.parsed.text?.includes(`/dashboard/application/${id}`),
      );

    // Not due yet.
    expect(await sendDueFollowUps(server.context)).toBe(0);
    // Thirty days on, it is.
    const later = new Date(Date.now() + 30 * DAY_MS);
    expect(await sendDueFollowUps(server.context, later)).toBe(1);
    await expect.poll(() => mailsAbout().length, DELIVERY).toBe(2);
    const recipients = mailsAbout().flatMap((message) => message.envelope.to);
    expect(recipients.sort()).toEqual([ADMIN.email, 'careers@example.co.uk'].sort());
    // It names the job and the date, never the applicant: their name is text they typed.
    expect(mailsAbout()[0]!.parsed.subject).toBe(
      `Right-to-work follow-up due ${formatClosingDate(dayOffset(30))}: Claims Handler`,
    );
    const text = mailsAbout()[0]!.parsed.text ?? '';
    expect(text).toContain('for the Claims Handler role');
    expect(text).not.toContain('Followup');
    expect(text).toContain(`${PUBLIC_URL}/dashboard/application/${id}`);

    // Once only, whoever looks again.
    expect(await sendDueFollowUps(server.context, later)).toBe(0);
    // A new follow-up date is reminded afresh.
    expect(
      (
        await saveCheck(id, {
          method: 'online-share-code',
          checkedOn: dayOffset(0),
          followUpOn: dayOffset(60),
        })
      ).status,
    ).toBe(200);
    expect(await sendDueFollowUps(server.context, later)).toBe(0);
    expect(await sendDueFollowUps(server.context, new Date(Date.now() + 60 * DAY_MS))).toBe(1);
    await expect.poll(() => mailsAbout().length, DELIVERY).toBe(4);
  });
});

describe(`the recruitment purge on ${engine}`, () => {
  const backdate = (id: string, days: number) =>
    server.context.database.db
      .update(applications)
      .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(applications.id, id));
  const exists = async (id: string) =>
    (await server.api('GET', `/applications/${id}/right-to-work`, { token: admin })).status === 200;

  it('keeps a hire with a completed check until two years after the employment, and deletes everything else as before', async () => {
    const jobC = await createJob(server, admin, 'Purge Job');
    const apply = (label: string) =>
      applyTo(server, jobC, {
        name: `${label} Person`,
        email: `${label}-${Date.now()}@example.com`,
        about: 'x',
      });
    const keptHire = await apply('kept');
    const hireWithoutEvidence = await apply('noevidence');
    const offerWithCheck = await apply('offer');
    const leaver = await apply('leaver');
    const recentLeaver = await apply('recentleaver');
    const plain = await apply('plain');
    for (const id of [keptHire, hireWithoutEvidence, leaver, recentLeaver]) await moveTo(id, 'hired');
    await moveTo(offerWithCheck, 'offer');
    await completedCheck(keptHire);
    await completedCheck(offerWithCheck);
    expect(
      (await saveCheck(hireWithoutEvidence, { method: 'manual-document', checkedOn: dayOffset(0) })).status,
    ).toBe(200);
    await completedCheck(leaver, { employmentEndedOn: dayOffset(0) });
    // A fixed-term contract: its end is known ahead.
    await completedCheck(recentLeaver, { employmentEndedOn: dayOffset(400) });
    const keptAnswer = await server.api('GET', `/applications/${keptHire}/right-to-work`, { token: admin });
    expect(keptAnswer.body.check).toMatchObject({ keptForEmployment: true, keptUntil: null });
    const leaverAnswer = await server.api('GET', `/applications/${leaver}/right-to-work`, { token: admin });
    expect(leaverAnswer.body.check.keptUntil).toBe(
      `${Number(dayOffset(0).slice(0, 4)) + 2}${dayOffset(0).slice(4)}`,
    );
    // The application's Data Protection card says the same as the check.
    const purgeDay = async (id: string) =>
      (
        (await server.api('GET', `/applications/${id}`, { token: admin })).body as {
          purgeAfter: string | null;
        }
      ).purgeAfter;
    expect(await purgeDay(keptHire)).toBeNull();
    expect(await purgeDay(leaver)).toBe(leaverAnswer.body.check.keptUntil);
    for (const id of [hireWithoutEvidence, offerWithCheck])
      expect(await purgeDay(id)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const leaverEvidence = await evidenceKeyOf(leaver);
    for (const id of [keptHire, hireWithoutEvidence, offerWithCheck, leaver, recentLeaver, plain])
      await backdate(id, 400);

    // A year and a day after the leaver's employment ended: still within the two years.
    const soon = await purgeExpiredApplications(server.context, 183, {
      now: new Date(Date.now() + 366 * DAY_MS),
      dryRun: true,
    });
    // Seen from a later day every application of this suite is old: only this job's are looked at.
    const ours = new Set([keptHire, hireWithoutEvidence, offerWithCheck, leaver, recentLeaver, plain]);
    const expiredOf = (purge: { expired: Array<{ id: string }> }) =>
      purge.expired
        .map((row) => row.id)
        .filter((id) => ours.has(id))
        .sort();
    expect(expiredOf(soon)).toEqual([hireWithoutEvidence, offerWithCheck, plain].sort());

    // Two years and two days after: the leaver goes too; the fixed-term hire's two years run on.
    const result = await purgeExpiredApplications(server.context, 183, {
      now: new Date(Date.now() + 732 * DAY_MS),
    });
    expect(expiredOf(result)).toEqual([hireWithoutEvidence, offerWithCheck, leaver, plain].sort());
    for (const id of [keptHire, recentLeaver]) expect(await exists(id)).toBe(true);
    for (const id of [hireWithoutEvidence, offerWithCheck, leaver, plain])
      expect(await exists(id)).toBe(false);
    // The leaver's evidence file went with the application.
    expect(await server.context.blobs.get(leaverEvidence!)).toBeUndefined();
    expect(await server.context.blobs.get((await evidenceKeyOf(keptHire))!)).toBeDefined();
  });

  it('deletes the evidence file with the application, and the start-up sweep leaves evidence alone', async () => {
    const id = await newApplication('Deleted', 'hired');
    await completedCheck(id);
    const key = (await evidenceKeyOf(id))!;
    const kept = await newApplication('Swept', 'hired');
    await completedCheck(kept);
    const keptKey = (await evidenceKeyOf(kept))!;
    // What the server does at every start, before any request (start-server.ts).
    await sweepOrphanedCvs(server.app, server.context);
    expect(await server.context.blobs.get(keptKey)).toBeDefined();

    expect((await server.api('DELETE', `/applications/${id}`, { token: admin })).status).toBe(200);
    expect(await server.context.blobs.get(key)).toBeUndefined();
    if (server.context.blobs.kind === 'files') {
      expect(existsSync(path.join(server.dataDir, 'cvs', `${key}.pdf`))).toBe(false);
      expect(readdirSync(path.join(server.dataDir, 'cvs'))).toContain(`${keptKey}.pdf`);
    } else {
      const rows = await server.context.database.db
        .select({ key: cvBlobs.key })
        .from(cvBlobs)
        .where(eq(cvBlobs.key, keptKey));
      expect(rows).toHaveLength(1);
    }
  });
});
