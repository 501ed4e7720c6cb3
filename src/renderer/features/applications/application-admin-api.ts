import type {
  ApplicationDetail,
  ApplicationSummary,
  PdfAnswer,
} from '../../../shared/applications/application-contract';
import type { DeleteAck } from '../../../shared/http/acknowledgements';
import { api } from '../../app/api';
import { APPLICATION_LIST_TAG } from './application-tags';

const one = (id: string) => ({ type: 'Application' as const, id });

/** Admin-only application calls; loaded with the dashboard, never by visitors. */
export const applicationAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApplications: build.query<ApplicationSummary[], void>({
      query: () => '/applications',
      providesTags: (rows) => [APPLICATION_LIST_TAG, ...(rows ?? []).map(({ _id }) => one(_id))],
    }),
    getApplication: build.query<ApplicationDetail, string>({
      query: (id) => `/applications/${encodeURIComponent(id)}`,
      providesTags: (_row, _error, id) => [one(id)],
    }),
    /**
     * The CV as a data URL (up to about 7 MB of text). Screens start it with `subscribe: false`
     * and turn it into bytes at once; keepUnusedDataFor 0 drops the text from the cache right after.
     */
    getApplicationPdf: build.query<PdfAnswer, string>({
      query: (id) => `/applications/${encodeURIComponent(id)}/pdf`,
      keepUnusedDataFor: 0,
      providesTags: (_answer, _error, id) => [one(id)],
    }),
    deleteApplication: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: `/applications/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [APPLICATION_LIST_TAG, one(id), { type: 'Note', id }],
      // The row leaves the table as soon as the server confirms, before the list is fetched again.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            applicationAdminApi.util.updateQueryData('getApplications', undefined, (rows) =>
              rows.filter((row) => row._id !== id),
            ),
          );
        } catch {
          // The caller shows the failure; the list stays as it was.
        }
      },
    }),
  }),
});

export const { useGetApplicationsQuery, useGetApplicationQuery, useDeleteApplicationMutation } =
  applicationAdminApi;
