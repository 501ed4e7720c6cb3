import { emailNotificationSchema } from '../../shared/applications/application-contract';
import { plainAckSchema } from '../../shared/http/acknowledgements';
import { isId } from '../../shared/http/id';
import { messages } from '../../shared/messages';
import { siteConfig } from '../../shared/site/site-config';
import { HttpError } from '../http/http-error';
import { limitByIp } from '../http/rate-limit';
import { errorResponses, type Api } from '../http/route-types';
import type { AppContext } from '../app-context';
import { applicationEmails } from './application-emails';

/**
 * Not an open relay: the payload only identifies a stored application; recipients, sender and
 * content come from the database and the configuration, and each application's mail goes once.
 */
export function emailRoutes(app: Api, context: AppContext): void {
  const { applications, mailer, config, limiters } = context;

  app.post(
    '/email/sendEmail',
    {
      onRequest: limitByIp(limiters.emails),
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['email'],
        summary: 'Send the confirmation and careers notification for a stored application',
        body: emailNotificationSchema,
        response: { 200: plainAckSchema, ...errorResponses(400, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const { email, jobId, applicationId } = request.body;
      if (!isId(jobId) || (applicationId !== undefined && !isId(applicationId))) {
        throw new HttpError(404, messages.emailNoApplication);
      }
      const application = await applications.findForNotification(email, jobId, applicationId);
      if (!application) throw new HttpError(404, messages.emailNoApplication);
      if (application.emailSentAt) return { acknowledged: true };
      if (!(await applications.claimEmail(application.id))) {
        throw new HttpError(409, 'The email notification for this application is already being sent.');
      }
      try {
        const outgoing = applicationEmails(
          { ...application, cvSize: application.cvSize },
          {
            careersMailbox: config.careersMailbox,
            publicUrl: config.publicUrl,
            companyName: siteConfig.legalName,
          },
        );
        for (const message of outgoing) await mailer.send(message);
      } catch (error) {
        await applications.releaseEmailClaim(application.id);
        request.log.error({ err: error, applicationId: application.id }, 'email notification failed');
        throw new HttpError(502, 'The email notification could not be sent. Please try again later.');
      }
      await applications.markEmailSent(application.id);
      return { acknowledged: true };
    },
  );
}
