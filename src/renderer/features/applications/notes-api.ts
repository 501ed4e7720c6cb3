import type { Note, NoteInput } from '../../../shared/applications/note-contract';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/** Notes on an application (GET/POST /applications/:id/notes), admin only; tagged per application. */
export const notesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotes: build.query<Note[], string>({
      query: (applicationId) => apiPaths.applicationNotes.path({ id: applicationId }),
      providesTags: (_notes, _error, applicationId) => [tags.notes(applicationId)],
    }),
    addNote: build.mutation<Note, { applicationId: string } & NoteInput>({
      query: ({ applicationId, body }) => ({
        url: apiPaths.applicationNotes.path({ id: applicationId }),
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_note, _error, { applicationId }) => [tags.notes(applicationId)],
    }),
  }),
});

export const { useGetNotesQuery, useAddNoteMutation } = notesApi;
