import {
  replyKindParamsSchema,
  replyPlaceholders,
  replyTemplateListSchema,
  replyTemplateSchema,
  storedReplyTemplateSchema,
} from '../../shared/applications/reply-contract';
import { errorResponses, type Api } from '../domain-module/route-types';
import { currentUser } from '../auth/guards';
import type { ReplyTemplateRepository } from './reply-template-repository';
import { apiPaths } from '../../shared/http/api-routes';

/**
 * The wording of the replies to applicants (docs/behaviour.md#replies-to-applicants): registered
 * in the admin scope (auth/admin-scope.ts).
 */
/** What the reply template routes use of the server's parts (see app-context.ts). */
export interface ReplyTemplateRouteDeps {
  replyTemplates: ReplyTemplateRepository;
}

export function replyTemplateRoutes(app: Api, context: ReplyTemplateRouteDeps): void {
  const { replyTemplates } = context;

  app.get(
    apiPaths.replyTemplates.pattern,
    {
      schema: {
        tags: ['replies'],
        operationId: 'listReplyTemplates',
        summary: "Every reply's template: the admins' own (custom) or the product's default",
        response: { 200: replyTemplateListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => replyTemplates.list(),
  );

  app.put(
    apiPaths.replyTemplate.pattern,
    {
      schema: {
        tags: ['replies'],
        operationId: 'saveReplyTemplate',
        summary: "Save a reply's template; placeholders other than the listed ones are refused",
        description: `Placeholders: ${replyPlaceholders.map((name) => `{${name}}`).join(', ')}, filled from the stored application when the reply is queued.`,
        params: replyKindParamsSchema,
        body: replyTemplateSchema,
        response: { 200: storedReplyTemplateSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => replyTemplates.save(request.params.kind, request.body, currentUser(request).email),
  );

  app.delete(
    apiPaths.replyTemplate.pattern,
    {
      schema: {
        tags: ['replies'],
        operationId: 'restoreReplyTemplate',
        summary: "Restore a reply's default template; answers the template now in use",
        params: replyKindParamsSchema,
        response: { 200: storedReplyTemplateSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => replyTemplates.reset(request.params.kind),
  );
}
