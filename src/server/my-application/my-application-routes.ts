import {
  LOST_LINK_ANSWER,
  lostLinkAnswerSchema,
  lostLinkSchema,
  myApplicationErasedSchema,
  myApplicationParamsSchema,
  myApplicationSchema,
  type MyApplication,
} from '../../shared/my-application/my-application-contract';
import { APPLICANT_ACTOR } from '../../shared/privacy/audit-contract';
import { consume, limitByIp } from '../http/rate-limit';
import { emailLimitKey } from '../http/secret-token';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { ApplicationLinks } from './application-links';
import { linkedApplication, notFound } from './linked-application';
import type { RateLimiters } from '../http/rate-limit';
import type { EmailOutbox } from '../email/email-outbox';
import type { Database } from '../db/database';
import { eraseApplication, type SubjectStores } from '../applications/application-erasure';
import type { MailOptions } from '../email/mail-options';
import { applicantStatus } from './applicant-status';
import type { LinkedApplication } from './application-links';
import { lostLinkEmail, withdrawalEmail } from '../email/templates/my-application-emails';
import { apiPaths } from '../../shared/http/api-routes';

const view = (application: LinkedApplication): MyApplication => ({
  jobTitle: application.jobTitle,
  appliedAt: application.createdAt.toISOString(),
  status: applicantStatus(application),
  // Only when there is something to show, so an answer without interviews stays as it was.
  ...(application.interviewOffered ? { interviewOffered: true } : {}),
});

/** What the applicant's own routes use of the server's parts (see app-context.ts). */
export interface MyApplicationRouteDeps extends SubjectStores {
  applicationLinks: ApplicationLinks;
  limiters: RateLimiters;
  outbox: EmailOutbox;
  database: Database;
  mail: MailOptions;
}

/**
 * The applicant's own calls, through the private link e-mailed to them (no sign-in: the link is
 * the proof; docs/behaviour.md#the-applicants-page). Every answer is private to its link and
 * never cached.
 */
export function myApplicationRoutes(app: Api, context: MyApplicationRouteDeps): void {
  const { stages, mail } = context;

  const linked = linkedApplication(context);

  app.get(
    apiPaths.myApplication.pattern,
    {
      schema: {
        tags: ['my-application'],
        operationId: 'getMyApplication',
        summary: "The applicant's own view of their application, through their private link",
        params: myApplicationParamsSchema,
        response: { 200: myApplicationSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const application = await linked(request, reply, { withdrawn: false });
      return application ? view(application) : reply;
    },
  );

  app.post(
    apiPaths.withdrawMyApplication.pattern,
    {
      schema: {
        tags: ['my-application'],
        operationId: 'withdrawMyApplication',
        summary: 'The applicant withdraws their application (Withdrawn, as an admin would record it)',
        description:
          'Answers the application as it now stands. The link then no longer opens it, except to erase it.',
        params: myApplicationParamsSchema,
        response: { 200: myApplicationSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const application = await linked(request, reply, { withdrawn: false });
      if (!application) return reply;
      // The admins' own stage change: the same history, counts and lists; and the e-mail
      // confirming it, queued in the same transaction.
      const outcome = await stages.change({
        ids: [application.id],
        stage: 'withdrawn',
        notify: false,
        actorEmail: APPLICANT_ACTOR,
        emailsForMoved: (moved) => moved.map((row) => withdrawalEmail(row, mail)),
      });
      if (outcome.matchedCount === 0) throw notFound();
      return { ...view(application), status: 'withdrawn' as const };
    },
  );

  app.post(
    apiPaths.eraseMyApplication.pattern,
    {
      schema: {
        tags: ['my-application'],
        operationId: 'eraseMyApplication',
        summary:
          'The applicant erases their application: it, its CV, notes, e-mails and audit entries (irreversible)',
        description:
          "The admins' erasure, for this one application; one audit entry, keyed by a digest of the address, records that it happened. Also accepted once the application is withdrawn.",
        params: myApplicationParamsSchema,
        response: { 200: myApplicationErasedSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const application = await linked(request, reply, { withdrawn: true });
      if (!application) return reply;
      const erased = await eraseApplication(context, application, APPLICANT_ACTOR);
      if (erased.deletedCount === 0) throw notFound();
      return {
        acknowledged: true,
        jobTitle: application.jobTitle,
        appliedAt: application.createdAt.toISOString(),
        cvDeleted: application.hasCv,
        notesDeleted: erased.notesDeleted,
        auditEntriesDeleted: erased.auditEntriesDeleted,
      };
    },
  );
}

/**
 * The lost-link form: a fresh private link for each application held for an address, e-mailed to
 * that address only (docs/behaviour.md#the-applicants-page).
 */
export function lostLinkRoutes(
  app: Api,
  context: Pick<MyApplicationRouteDeps, 'applicationLinks' | 'limiters' | 'outbox' | 'database' | 'mail'>,
): void {
  const { applicationLinks, limiters, outbox, database, mail } = context;

  app.post(
    apiPaths.lostLink.pattern,
    {
      onRequest: limitByIp(limiters.lostLinkByIp),
      schema: {
        tags: ['my-application'],
        operationId: 'sendLostLink',
        summary:
          'E-mail a fresh private link for each application held for an address (to that address only)',
        description:
          'Always answers 202 with the same words, whether or not anything was found. A fresh link replaces the earlier one. Applications already withdrawn get none.',
        body: lostLinkSchema,
        response: { 202: lostLinkAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      if (!(await consume(limiters.lostLinkByEmail, emailLimitKey(email), reply))) return reply;
      const found = await applicationLinks.linkableFor(email);
      // Each to the address stored with the application; the link is minted when it is sent.
      await outbox.enqueue(
        database.db,
        found.map((application) => lostLinkEmail(application, mail)),
      );
      if (found.length > 0) outbox.wake();
      return reply
        .code(202)
        .header('cache-control', 'no-store')
        .send({ acknowledged: true, message: LOST_LINK_ANSWER });
    },
  );
}
