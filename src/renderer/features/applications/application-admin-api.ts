import type {
  ApplicationDetail,
  ApplicationSummary,
  PdfAnswer,
} from '../../../shared/applications/application-contract';
import type { DeleteAck } from '../../../shared/http/acknowledgements';
import type { CvPurpose } from '../../../shared/privacy/audit-contract';
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
    getApplicationPdf: build.query<PdfAnswer, { id: string; purpose: CvPurpose }>({
      query: ({ id, purpose }) => `/applications/${encodeURIComponent(id)}/pdf?purpose=${purpose}`,
      keepUnusedDataFor: 0,
      providesTags: (_answer, _error, { id }) => [one(id)],
      // The server recorded this fetch in the application's audit trail.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(api.util.invalidateTags([{ type: 'Audit', id }]));
      },
    }),
    deleteApplication: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: `/applications/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [
        APPLICATION_LIST_TAG,
        one(id),
        { type: 'Note', id },
        { type: 'Audit', id },
      ],
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
