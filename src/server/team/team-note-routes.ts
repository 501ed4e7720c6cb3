import type { FastifyRequest } from 'fastify';
import { noteInputSchema, noteSchema } from '../../shared/applications/note-contract';
import { idParamsSchema } from '../../shared/http/id';
import { messages } from '../../shared/messages';
import type { ApplicationRepository } from '../applications/application-repository';
import type { NoteRepository } from '../applications/note-repository';
import type { AuditRepository } from '../audit/audit-repository';
import { currentUser } from '../auth/guards';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { TeamAccess } from './team-access';
import { apiPaths } from '../../shared/http/api-routes';

/** What a hiring manager's notes use of the server's parts (see app-context.ts). */
export interface TeamNoteRouteDeps {
  teamAccess: TeamAccess;
  applications: ApplicationRepository;
  notes: NoteRepository;
  audit: AuditRepository;
}

/**
 * A hiring manager adds a note to an application of their job, on the administrators' terms (the
 * same text rules and limit, the author and time kept with it), and the note is in the
 * application's audit trail as the team's other acts are. An interviewer, or the manager of
 * another job, reaches no notes (docs/security.md#what-each-role-can-do).
 */
export function teamNoteRoutes(app: Api, context: TeamNoteRouteDeps): void {
  const { teamAccess, applications, notes, audit } = context;

  const managed = async (request: FastifyRequest, id: string) => {
    const user = currentUser(request);
    if (!user.teamRole) throw new HttpError(403, messages.teamRequired);
    const found = await teamAccess.application(
      { id: user.id, email: user.email, teamRole: user.teamRole },
      id,
    );
    if (found.role !== 'hiring-manager') throw new HttpError(403, messages.hiringManagerRequired);
    return found;
  };

  app.post(
    apiPaths.teamApplicationNotes.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'createTeamNote',
        summary: 'Add a note to an application of your job (hiring managers; audited)',
        params: idParamsSchema,
        body: noteInputSchema,
        response: { 201: noteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await managed(request, request.params.id);
      const application = await applications.find(access.id);
      if (!application) throw new HttpError(404, messages.applicationMissing);
      const author = currentUser(request);
      const note = await notes.add({
        applicationId: access.id,
        body: request.body.body,
        authorEmail: author.email,
        authorName: author.name,
      });
      audit.record({
        action: 'note',
        actorEmail: author.email,
        subjectEmail: application.email,
        applicationId: access.id,
      });
      return reply.code(201).send(note);
    },
  );
}
