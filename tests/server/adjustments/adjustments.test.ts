import { stablePrivateLink } from '../../support/private-link';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { eq } from 'drizzle-orm';
import {
  applicationAdjustments,
  applications,
  emailOutbox,
  interviewBookings,
} from '../../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { assignInterviewer, setUpHiringTeam, type HiringTeam } from '../../support/hiring-team';
import { STRONG_PASSWORD, logIn } from '../../support/accounts';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { testDatabaseUrl } from '../../support/postgres';

/**
 * Adjustments: asked on every apply form, stored apart from the application's other fields, and
 * read only by the administrator the configuration names as the adjustments contact. Other
 * administrators and the hiring team are refused, and the application's own answers (detail,
 * list, team view) never carry the request; shortlisters see only "interview if the minimum
 * criteria are met" for a Disability Confident opt-in, never why.
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
const CONTACT = { name: 'Adjustments Contact', email: 'adjustments.contact@example.com' };
const REQUEST = 'I use a screen reader; please send interview tasks as Word documents, and allow extra time.';

let server: TestApp;
let team: HiringTeam;
let contactToken: string;
let cv: string;

const applyWith = async (extra: Record<string, unknown>, email: string) => {
  const answer = await server.api('POST', '/applications', {
    body: {
      name: 'Sam Adjust',
      email,
      phone: '07700 900123',
      about: 'Cover letter.',
      jobId: team.jobA,
      pdfFile: cv,
      ...extra,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.insertedId as string;
};

beforeAll(async () => {
  server = await buildTestApp({ ADJUSTMENTS_CONTACT_EMAIL: CONTACT.email.toUpperCase() });
  team = await setUpHiringTeam(server);
  const registered = await server.api('POST', '/register', {
    body: { ...CONTACT, password: STRONG_PASSWORD },
  });
  expect(registered.status).toBe(201);
  await server.context.users.setAdmin(CONTACT.email, true);
  contactToken = await logIn(server, CONTACT.email, STRONG_PASSWORD);
  cv = toDataUrl(await validPdf('Adjustments CV'));
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe(`adjustments on ${engine}`, () => {
  it('are stored apart from the application and read by the adjustments contact alone', async () => {
    const id = await applyWith({ adjustments: REQUEST }, 'sam.adjust@example.com');

    const [stored] = await server.context.database.db.select().from(applications);
    expect(JSON.stringify(stored)).not.toContain('screen reader');
    const apart = await server.context.database.db.select().from(applicationAdjustments);
    expect(apart).toContainEqual(
      expect.objectContaining({ applicationId: id, adjustments: REQUEST, disabilityConfident: false }),
    );

    const forContact = await server.api('GET', `/applications/${id}/adjustments`, { token: contactToken });
    expect(forContact.status).toBe(200);
    expect(forContact.body).toEqual({
      applicationId: id,
      adjustments: REQUEST,
      disabilityConfident: false,
      interviewAdjustments: null,
      agreed: null,
    });
    const list = await server.api('GET', '/adjustments', { token: contactToken });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(
      expect.objectContaining({ applicationId: id, adjustments: REQUEST, name: 'Sam Adjust' }),
    );

    // Reading it is in the application's audit trail.
    const trail = await server.api('GET', `/applications/${id}/audit`, { token: team.adminToken });
    expect(trail.body).toContainEqual(
      expect.objectContaining({ action: 'adjustments', actorEmail: CONTACT.email }),
    );
  });

  it('are refused to another administrator, a hiring manager and an interviewer, and absent from their views', async () => {
    const id = await applyWith({ adjustments: REQUEST }, 'sam.refused@example.com');
    const otherAdmin = await server.api('GET', `/applications/${id}/adjustments`, { token: team.adminToken });
    expect(otherAdmin.status).toBe(403);
    expect(otherAdmin.body).toEqual({ message: messages.adjustmentsContactOnly });
    expect((await server.api('GET', '/adjustments', { token: team.adminToken })).status).toBe(403);

    for (const person of [team.hmA, team.ivA1]) {
      const token = await team.token(person);
      for (const path of [`/applications/${id}/adjustments`, '/adjustments']) {
        const answer = await server.api('GET', path, { token });
        expect(answer.status, `${person.email} ${path}`).toBe(403);
        expect(answer.bytes.toString()).not.toContain('screen reader');
      }
      const own = await server.api('GET', `/team/applications/${id}`, { token });
      expect(own.bytes.toString()).not.toContain('screen reader');
    }

    for (const path of [
      `/applications/${id}`,
      '/applications',
      `/applicants/sam.refused%40example.com/export`,
    ]) {
      const answer = await server.api('GET', path, { token: team.adminToken });
      expect(answer.status, path).toBe(200);
      expect(answer.bytes.toString(), path).not.toContain('screen reader');
    }
  });

  it("the account's answer says who the contact is, so the screens ask for requests only then", async () => {
    const asContact = await server.api('GET', '/auth/account', { token: contactToken });
    expect(asContact.status).toBe(200);
    expect(asContact.body.adjustmentsContact).toBe(true);
    const asOther = await server.api('GET', '/auth/account', { token: team.adminToken });
    expect(asOther.body.adjustmentsContact).toBe(false);
    const asManager = await server.api('GET', '/auth/account', { token: await team.token(team.hmA) });
    expect(asManager.body.adjustmentsContact).toBe(false);
  });

  it('nobody reads them when no contact is configured', async () => {
    const bare = await buildTestApp();
    try {
      const adminToken = await bare.adminToken();
      expect((await bare.api('GET', '/auth/account', { token: adminToken })).body.adjustmentsContact).toBe(
        false,
      );
      const answer = await bare.api('GET', '/adjustments', { token: adminToken });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: messages.adjustmentsContactOnly });
    } finally {
      await bare.stop();
    }
    // A server of its own starts here, as the file's own does in beforeAll.
  }, 60_000);

  it('a Disability Confident opt-in shows shortlisters only "interview if the minimum criteria are met"', async () => {
    const form = new FormData();
    const fields = {
      name: 'Dee Confident',
      email: 'dee.confident@example.com',
      phone: '07700 900124',
      about: 'Cover letter.',
      jobId: team.jobA,
      disabilityConfident: 'true',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(
      'pdfFile',
      new Blob([new Uint8Array(await validPdf('Dee CV'))], { type: 'application/pdf' }),
      'cv.pdf',
    );
    const applied = await server.api('POST', '/applications', { body: form });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const id = applied.body.insertedId as string;
    const plain = await applyWith({}, 'no.optin@example.com');

    const detail = await server.api('GET', `/applications/${id}`, { token: team.adminToken });
    expect(detail.body.interviewIfMinimumCriteriaMet).toBe(true);
    expect(detail.bytes.toString()).not.toMatch(/disab/i);
    const other = await server.api('GET', `/applications/${plain}`, { token: team.adminToken });
    expect(other.body.interviewIfMinimumCriteriaMet).toBe(false);

    const manager = await server.api('GET', `/team/applications/${id}`, {
      token: await team.token(team.hmA),
    });
    expect(manager.status).toBe(200);
    expect(manager.body.interviewIfMinimumCriteriaMet).toBe(true);
    expect(manager.bytes.toString()).not.toMatch(/disab/i);

    // An interviewer does not shortlist: their view of the application lacks the flag altogether.
    await assignInterviewer(server, team.adminToken, team.ivA1, id);
    const interviewer = await server.api('GET', `/team/applications/${id}`, {
      token: await team.token(team.ivA1),
    });
    expect(interviewer.status).toBe(200);
    expect(interviewer.body).not.toHaveProperty('interviewIfMinimumCriteriaMet');
    expect(interviewer.bytes.toString()).not.toMatch(/minimum|disab/i);

    const forContact = await server.api('GET', `/applications/${id}/adjustments`, { token: contactToken });
    expect(forContact.body).toEqual({
      applicationId: id,
      adjustments: null,
      disabilityConfident: true,
      interviewAdjustments: null,
      agreed: null,
    });
  });

  it('an adjustment request over the limit is refused with 400, and nothing is stored', async () => {
    const before = (await server.context.database.db.select().from(applications)).length;
    const answer = await server.api('POST', '/applications', {
      body: {
        name: 'Long Request',
        email: 'long.request@example.com',
        phone: '07700 900125',
        about: 'Cover letter.',
        jobId: team.jobA,
        pdfFile: cv,
        adjustments: 'x'.repeat(2001),
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Adjustments must be at most 2000 characters.');
    expect((await server.context.database.db.select().from(applications)).length).toBe(before);
  });

  it('go with the application when it is deleted', async () => {
    const id = await applyWith({ adjustments: REQUEST }, 'sam.deleted@example.com');
    const deleted = await server.api('DELETE', `/applications/${id}`, { token: team.adminToken });
    expect(deleted.status).toBe(200);
    const rows = await server.context.database.db.select().from(applicationAdjustments);
    expect(rows.map((row) => row.applicationId)).not.toContain(id);
  });

  it('are announced to the adjustments contact by e-mail, without what was asked or who asked', async () => {
    const asked = await applyWith({ adjustments: REQUEST }, 'sam.notice@example.com');
    const plain = await applyWith({}, 'no.notice@example.com');
    const mailFor = (id: string) =>
      server.context.database.db.select().from(emailOutbox).where(eq(emailOutbox.applicationId, id));
    const notices = (await mailFor(asked)).filter((row) => row.recipient === CONTACT.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('An applicant for Claims Handler asked for an adjustment');
    expect(notices[0]!.body).toContain('/dashboard/adjustments');
    for (const secret of ['screen reader', 'Sam Adjust', 'sam.notice@example.com'])
      expect(`${notices[0]!.subject}\n${notices[0]!.body}`).not.toContain(secret);
    expect((await mailFor(plain)).filter((row) => row.recipient === CONTACT.email)).toEqual([]);
  });

  it('the request made when booking the interview is read by the contact alone, and every read is audited', async () => {
    const id = await applyWith({}, 'sam.booking@example.com');
    const offered = await server.api('POST', `/applications/${id}/interview-slots`, {
      token: team.adminToken,
      body: {
        slots: [
          {
            date: `${new Date().getUTCFullYear() + 1}-05-12`,
            time: '10:00',
            durationMinutes: 30,
            place: 'Video call',
            interviewerIds: [team.ivA1.id],
          },
        ],
      },
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const token = await stablePrivateLink(server, id);
    const slotId = offered.body.slots.find((slot: { offered: boolean }) => slot.offered)._id as string;
    const booked = await server.api('PUT', `/my-application/${token}/interview`, {
      body: { slotId, adjustments: 'Sign language interpreter, please (BSL).' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    // Kept beside the application's requests, never with the booking.
    const [stored] = await server.context.database.db
      .select()
      .from(applicationAdjustments)
      .where(eq(applicationAdjustments.applicationId, id));
    expect(stored).toMatchObject({
      adjustments: null,
      interviewAdjustments: 'Sign language interpreter, please (BSL).',
    });
    const bookings = await server.context.database.db.select().from(interviewBookings);
    expect(JSON.stringify(bookings)).not.toContain('interpreter');

    const trailOf = async () =>
      (
        (await server.api('GET', `/applications/${id}/audit`, { token: team.adminToken })).body as Array<{
          action: string;
          actorEmail: string;
        }>
      ).filter((entry) => entry.action === 'adjustments' && entry.actorEmail === CONTACT.email);
    expect(await trailOf()).toHaveLength(0);
    const one = await server.api('GET', `/applications/${id}/adjustments`, { token: contactToken });
    expect(one.body.interviewAdjustments).toBe('Sign language interpreter, please (BSL).');
    await expect.poll(async () => (await trailOf()).length).toBe(1);
    const list = await server.api('GET', '/adjustments', { token: contactToken });
    expect(list.body).toContainEqual(
      expect.objectContaining({
        applicationId: id,
        interviewAdjustments: 'Sign language interpreter, please (BSL).',
      }),
    );
    await expect.poll(async () => (await trailOf()).length).toBe(2);

    for (const [who, token] of [
      ['another administrator', team.adminToken],
      ['the hiring manager', await team.token(team.hmA)],
      ['the interviewer', await team.token(team.ivA1)],
    ] as const) {
      for (const path of [
        `/applications/${id}/adjustments`,
        '/adjustments',
        `/applications/${id}/interview`,
      ]) {
        const answer = await server.api('GET', path, { token });
        expect(answer.bytes.toString(), `${who} ${path}`).not.toContain('interpreter');
      }
    }
  });

  it('what the contact agrees is one line under the text rules, and blank clears it', async () => {
    const id = await applyWith({ adjustments: REQUEST }, 'sam.agreed@example.com');
    const put = (agreed: unknown) =>
      server.api('PUT', `/applications/${id}/adjustments/agreed`, { token: contactToken, body: { agreed } });
    for (const [text, message] of [
      [
        'Ground floor.\nAnd extra time.',
        'The agreed adjustment cannot contain line breaks or control characters.',
      ],
      [
        'Ground floor \u202Eemit artxe',
        'The agreed adjustment cannot contain line breaks or control characters.',
      ],
      ['x'.repeat(501), 'The agreed adjustment must be at most 500 characters.'],
    ]) {
      const refused = await put(text);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const [before] = await server.context.database.db
      .select()
      .from(applicationAdjustments)
      .where(eq(applicationAdjustments.applicationId, id));
    expect(before!.agreed).toBeNull();
    expect((await put('  Extra time for the written task.  ')).body).toEqual({
      applicationId: id,
      agreed: 'Extra time for the written task.',
    });
    expect((await put('')).body).toEqual({ applicationId: id, agreed: null });
    // The request itself is untouched by what the contact writes.
    const [after] = await server.context.database.db
      .select()
      .from(applicationAdjustments)
      .where(eq(applicationAdjustments.applicationId, id));
    expect(after).toMatchObject({ adjustments: REQUEST, agreed: null, agreedBy: CONTACT.email });
    const missing = await server.api(
      'PUT',
      '/applications/00000000-0000-4000-8000-000000000000/adjustments/agreed',
      {
        token: contactToken,
        body: { agreed: 'Anything.' },
      },
    );
    expect(missing.status).toBe(404);
  });
});
