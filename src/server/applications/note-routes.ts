import { noteInputSchema, noteListSchema, noteSchema } from '../../shared/applications/note-contract';
import { idParamsSchema } from '../../shared/http/id';
import { errorResponses, type Api } from '../domain-module/route-types';
import { currentUser } from '../auth/guards';
import type { ApplicationRepository } from './application-repository';
import type { NoteRepository } from './note-repository';
import { existingApplication } from './existing-application';
import { apiPaths } from '../../shared/http/api-routes';

/** Notes on an application, each with its author and time: registered in the admin scope (auth/admin-scope.ts). */
/** What the note routes use of the server's parts (see app-context.ts). */
export interface NoteRouteDeps {
  applications: ApplicationRepository;
  notes: NoteRepository;
}

export function noteRoutes(app: Api, context: NoteRouteDeps): void {
  const { applications, notes } = context;

  app.get(
    apiPaths.applicationNotes.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'listNotes',
        summary: "An application's notes, oldest first",
        params: idParamsSchema,
        response: { 200: noteListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => notes.list(await existingApplication(applications, request.params.id)),
  );

  app.post(
    apiPaths.applicationNotes.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'createNote',
        summary: 'Add a note to an application',
        params: idParamsSchema,
        body: noteInputSchema,
        response: { 201: noteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const applicationId = await existingApplication(applications, request.params.id);
      const author = currentUser(request);
      const note = await notes.add({
        applicationId,
        body: request.body.body,
        authorEmail: author.email,
        authorName: author.name,
      });
      return reply.code(201).send(note);
    },
  );
}
