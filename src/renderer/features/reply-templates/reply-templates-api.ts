import type {
  ReplyKind,
  ReplyTemplate,
  StoredReplyTemplate,
} from '../../../shared/applications/reply-contract';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/** The reply templates screen's calls: the admins' wording of each reply to applicants. */
export const replyTemplatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReplyTemplates: build.query<StoredReplyTemplate[], void>({
      query: () => apiPaths.replyTemplates.path(),
      providesTags: [tags.replyTemplates],
    }),
    saveReplyTemplate: build.mutation<unknown, { kind: ReplyKind; template: ReplyTemplate }>({
      query: ({ kind, template }) => ({
        url: apiPaths.replyTemplate.path({ kind }),
        method: 'PUT',
        body: template,
      }),
      invalidatesTags: (_answer, error) => (error ? [] : [tags.replyTemplates]),
    }),
    /** Drops the admins' wording: the product's default stands again. */
    restoreReplyTemplate: build.mutation<unknown, ReplyKind>({
      query: (kind) => ({ url: apiPaths.replyTemplate.path({ kind }), method: 'DELETE' }),
      invalidatesTags: (_answer, error) => (error ? [] : [tags.replyTemplates]),
    }),
  }),
});

export const { useGetReplyTemplatesQuery, useSaveReplyTemplateMutation, useRestoreReplyTemplateMutation } =
  replyTemplatesApi;
