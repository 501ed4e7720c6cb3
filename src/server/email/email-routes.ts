import { emailNotificationSchema } from '../../shared/applications/application-contract';
import { plainAckSchema } from '../../shared/http/acknowledgements';
import { limitByIp } from '../http/rate-limit';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { RateLimiters } from '../http/rate-limit';
import { apiPaths } from '../../shared/http/api-routes';

/**
 * The apply form's second call, kept for clients that make it. The e-mails no longer depend on
 * it: storing an application queued them already (see application-mail.ts). So it sends
 * nothing, ever, and answers every well-formed payload alike, whether or not it matches an
 * application: it cannot be used to resend mail, nor to learn who applied for which job.
 */
/** What the e-mail routes use of the server's parts (see app-context.ts). */
export interface EmailRouteDeps {
  limiters: RateLimiters;
}

export function emailRoutes(app: Api, context: EmailRouteDeps): void {
  const { limiters } = context;

  app.post(
    apiPaths.sendEmail.pattern,
    {
      // Fastify's 1 MiB limit, like every call but an application's: this body is a few short
      // fields, and a CV sent along again would only be parsed on the main thread for nothing.
      onRequest: limitByIp(limiters.emails),
      schema: {
        tags: ['email'],
        operationId: 'acknowledgeApplicationEmail',
        summary:
          'Acknowledge the e-mail notification of an application (queued by the server when the application was stored)',
        body: emailNotificationSchema,
        response: { 200: plainAckSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async () => ({ acknowledged: true as const }),
  );
}
