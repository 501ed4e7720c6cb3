import type { Note, NoteInput } from '../../../shared/applications/note-contract';
import { api, tags } from '../../store/api';

/** Notes on an application (GET/POST /applications/:id/notes), admin only; tagged per application. */
export const notesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotes: build.query<Note[], string>({
      query: (applicationId) => `/applications/${encodeURIComponent(applicationId)}/notes`,
      providesTags: (_notes, _error, applicationId) => [tags.notes(applicationId)],
    }),
    addNote: build.mutation<Note, { applicationId: string } & NoteInput>({
      query: ({ applicationId, body }) => ({
        url: `/applications/${encodeURIComponent(applicationId)}/notes`,
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_note, _error, { applicationId }) => [tags.notes(applicationId)],
    }),
  }),
});

export const { useGetNotesQuery, useAddNoteMutation } = notesApi;
