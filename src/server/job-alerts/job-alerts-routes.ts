import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths } from '../../shared/http/api-routes';
import {
  alertChangeSchema,
  alertMessageSchema,
  alertSignUpSchema,
  alertViewSchema,
  jobAlertMessages,
  type AlertView,
} from '../../shared/job-alerts/job-alerts-contract';
import { describeSearch } from '../../shared/job-alerts/search-words';
import type { Job } from '../../shared/jobs/job-contract';
import {
  applicableSearch,
  readJobSearch,
  searchQuery,
  vocabularyOf,
  type SearchVocabulary,
} from '../../shared/jobs/job-search';
import { enqueueEmails, type EmailOutbox } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import { errorResponses, type Api } from '../domain-module/route-types';
import { wantsPage } from '../http/error-handler';
import { HttpError } from '../http/http-error';
import { consumeOrThrow, type RateLimiters } from '../http/rate-limit';
import { confirmationEmail } from './job-alert-emails';
import type { JobAlertRepository, StoredAlert } from './job-alerts-repository';

export interface JobAlertRouteDeps {
  alerts: JobAlertRepository;
  outbox: Pick<EmailOutbox, 'wake'>;
  limiters: Pick<RateLimiters, 'jobAlertSignUps'>;
  mail: Pick<MailOptions, 'publicUrl' | 'brandName' | 'careersMailbox'>;
  /** The open jobs, for the departments and towns a search may name. */
  openJobs: () => Promise<Job[]>;
}

const tokenParams = z.object({ token: z.string().max(200) });
const DAY_SECONDS = String(24 * 60 * 60);

/**
 * The query an alert keeps: the careers search's own reading of it, with a department or town no
 * open job names left out, as the careers page itself shows it (job-search.ts#applicableSearch).
 */
export const keptQuery = (query: string, vocabulary: SearchVocabulary): string => {
  const params = new URLSearchParams(query);
  return searchQuery(applicableSearch(readJobSearch(params), vocabulary), [...params.keys()]);
};

const viewOf = (alert: StoredAlert, departments: ReadonlyMap<string, string>): AlertView => ({
  query: alert.query,
  description: describeSearch(readJobSearch(new URLSearchParams(alert.query)), departments),
  frequency: alert.frequency,
  status: alert.status === 'unconfirmed' ? 'ended' : alert.status,
});

/**
 * Anyone signs an address up (double opt-in), and the holder of an alert's links confirms,
 * changes, pauses, unsubscribes or deletes it: no account, no cookie, the link is the proof
 * (docs/behaviour.md#job-alerts).
 */
export function jobAlertRoutes(app: Api, deps: JobAlertRouteDeps): void {
  signUpRoutes(app, deps);
  manageRoutes(app, deps);
  unsubscribeRoutes(app, deps);
}

/**
 * The careers home's sign-up sent as a plain HTML form, without the app: its three fields, each
 * missing one as empty (the contract then says what is wrong), a repeated one by its first value.
 */
const SIGN_UP_FIELDS = ['email', 'query', 'frequency'] as const;
const readSignUpForm = (body: string) => {
  const form = new URLSearchParams(body);
  return Object.fromEntries(SIGN_UP_FIELDS.map((name) => [name, form.get(name) ?? '']));
};

/** The sign-up and its confirmation. */
function signUpRoutes(app: Api, deps: JobAlertRouteDeps): void {
  const { alerts, mail } = deps;

  // The same call takes the careers home's form sent without the app (docs/behaviour.md#job-alerts):
  // one service, one set of caps; a browser gets the site's page in words, its refusals too
  // (http/error-handler.ts), an API client JSON.
  void app.register(async (scope) => {
    const child = scope.withTypeProvider<ZodTypeProvider>();
    child.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, readSignUpForm(body as string)),
    );
    child.post(
      apiPaths.jobAlerts.pattern,
      {
        config: { refusalTitle: jobAlertMessages.signUpRefusedTitle },
        schema: {
          tags: ['job-alerts'],
          operationId: 'signUpForJobAlert',
          summary: 'Ask for e-mails about a careers search; a confirmation link is e-mailed first',
          description:
            'Also takes the same fields as an HTML form (application/x-www-form-urlencoded); a browser then gets a page.',
          body: alertSignUpSchema,
          response: { 202: alertMessageSchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await consumeOrThrow(deps.limiters.jobAlertSignUps, request.ip, jobAlertMessages.tooManySignUps);
        const open = await deps.openJobs();
        const vocabulary = vocabularyOf(open);
        const { email, frequency } = request.body;
        const query = keptQuery(request.body.query, vocabulary);
        const description = describeSearch(readJobSearch(new URLSearchParams(query)), vocabulary.departments);
        const outcome = await alerts.signUp({ email, query, frequency }, (tx, alert) =>
          enqueueEmails(tx, [confirmationEmail(mail, { ...alert, description })]),
        );
        if (outcome.kind === 'too-many-alerts')
          throw new HttpError(429, jobAlertMessages.tooManyAlerts, { 'retry-after': DAY_SECONDS });
        if (outcome.kind === 'too-many-confirmations')
          throw new HttpError(429, jobAlertMessages.tooManyConfirmations, { 'retry-after': DAY_SECONDS });
        deps.outbox.wake();
        if (wantsPage(request))
          return request.server.siteAnswers.page(request, reply, {
            status: 202,
            title: jobAlertMessages.signedUpTitle,
            message: jobAlertMessages.signedUp,
          });
        return reply.status(202).send({ message: jobAlertMessages.signedUp });
      },
    );
  });

  app.post(
    apiPaths.jobAlertConfirm.pattern,
    {
      schema: {
        tags: ['job-alerts'],
        operationId: 'confirmJobAlert',
        summary: 'Confirm a job alert through the link e-mailed for it',
        description: 'A link already used answers 200 saying so; an expired one 410, an unknown one 404.',
        params: tokenParams,
        response: { 200: alertMessageSchema, ...errorResponses(404, 410) },
      },
    },
    async (request) => {
      const { outcome } = await alerts.confirm(request.params.token);
      if (outcome === 'unknown') throw new HttpError(404, jobAlertMessages.linkUnknown);
      if (outcome === 'expired') throw new HttpError(410, jobAlertMessages.confirmExpired);
      return {
        message: outcome === 'confirmed' ? jobAlertMessages.confirmed : jobAlertMessages.alreadyConfirmed,
      };
    },
  );
}

/** The manage page's calls. */
function manageRoutes(app: Api, deps: JobAlertRouteDeps): void {
  const { alerts } = deps;
  const departments = async () => vocabularyOf(await deps.openJobs()).departments;
  app.get(
    apiPaths.jobAlert.pattern,
    {
      schema: {
        tags: ['job-alerts'],
        operationId: 'getJobAlert',
        summary: 'The job alert a manage link opens (the visit keeps the alert going)',
        params: tokenParams,
        response: { 200: alertViewSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const alert = await alerts.open(request.params.token);
      if (!alert) throw new HttpError(404, jobAlertMessages.linkUnknown);
      return viewOf(alert, await departments());
    },
  );

  app.put(
    apiPaths.jobAlert.pattern,
    {
      schema: {
        tags: ['job-alerts'],
        operationId: 'changeJobAlert',
        summary: 'Change the search or how often, or pause or resume the alert',
        params: tokenParams,
        body: alertChangeSchema,
        response: { 200: alertViewSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const vocabulary = vocabularyOf(await deps.openJobs());
      const { query, ...rest } = request.body;
      const changed = await alerts.change(request.params.token, {
        ...rest,
        ...(query !== undefined ? { query: keptQuery(query, vocabulary) } : {}),
      });
      if (!changed) throw new HttpError(404, jobAlertMessages.linkUnknown);
      if (changed === 'ended') throw new HttpError(409, jobAlertMessages.unsubscribed);
      return viewOf(changed, vocabulary.departments);
    },
  );

  app.delete(
    apiPaths.jobAlert.pattern,
    {
      schema: {
        tags: ['job-alerts'],
        operationId: 'deleteJobAlert',
        summary: 'Delete the alert and its links; answers the same whether or not the link opened one',
        params: tokenParams,
        response: { 200: alertMessageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await alerts.remove(request.params.token);
      return { message: jobAlertMessages.deleted };
    },
  );
}

/** One-click unsubscribe (RFC 8058). */
function unsubscribeRoutes(app: Api, { alerts }: JobAlertRouteDeps): void {
  // Pasted into a browser, the address opens a page whose one button POSTs to it; reading it
  // never unsubscribes, since mail scanners follow links (docs/behaviour.md#job-alerts). The page
  // is the same whatever the link, so it tells nothing of the alert.
  app.get(
    apiPaths.jobAlertUnsubscribe.pattern,
    {
      schema: {
        tags: ['job-alerts'],
        operationId: 'readJobAlertUnsubscribe',
        summary:
          'The one-click unsubscribe address read: a browser gets a page to POST from; nothing changes',
        params: tokenParams,
        response: {
          200: z.string().describe('To a browser: an HTML page whose one Unsubscribe button POSTs here.'),
          ...errorResponses(400, 405),
        },
      },
    },
    async (request, reply) => {
      if (!wantsPage(request))
        throw new HttpError(405, jobAlertMessages.unsubscribeByPost, { allow: 'POST' });
      return request.server.siteAnswers.page(request, reply, {
        status: 200,
        title: jobAlertMessages.unsubscribeTitle,
        message: jobAlertMessages.unsubscribeAsk,
        form: {
          action: `/api${apiPaths.jobAlertUnsubscribe.path({ token: request.params.token })}`,
          button: jobAlertMessages.unsubscribeButton,
        },
      });
    },
  );

  // RFC 8058: mail programs POST `List-Unsubscribe=One-Click` as a form (urlencoded or multipart);
  // the body says nothing the address does not, so any body is read and dropped.
  void app.register(async (scope) => {
    const child = scope.withTypeProvider<ZodTypeProvider>();
    child.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, undefined),
    );
    child.post(
      apiPaths.jobAlertUnsubscribe.pattern,
      {
        schema: {
          tags: ['job-alerts'],
          operationId: 'unsubscribeFromJobAlert',
          summary: 'One-click unsubscribe (RFC 8058): ends the alert, with no login',
          description:
            'Always answers 200, for a link whose alert has already ended or been deleted too: an unsubscribe never fails. A browser (the page the address opens) gets a page.',
          params: tokenParams,
          response: { 200: alertMessageSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        await alerts.unsubscribe(request.params.token);
        if (wantsPage(request))
          return request.server.siteAnswers.page(request, reply, {
            status: 200,
            title: jobAlertMessages.unsubscribedTitle,
            message: jobAlertMessages.unsubscribed,
          });
        return { message: jobAlertMessages.unsubscribed };
      },
    );
  });
}
