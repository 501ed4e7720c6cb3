import type {
  ApplicationDetail,
  ApplicationSummary,
  CvAnswer,
} from '../../../shared/applications/application-contract';
import type { DeleteAck } from '../../../shared/http/acknowledgements';
import type { CvPurpose } from '../../../shared/privacy/audit-contract';
import { api, tags } from '../../store/api';

/** Admin-only application calls; loaded with the dashboard, never by visitors. */
export const applicationAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApplications: build.query<ApplicationSummary[], void>({
      query: () => '/applications',
      providesTags: (rows) => [tags.applicationList, ...(rows ?? []).map(({ _id }) => tags.application(_id))],
    }),
    getApplication: build.query<ApplicationDetail, string>({
      query: (id) => `/applications/${encodeURIComponent(id)}`,
      providesTags: (_row, _error, id) => [tags.application(id)],
    }),
    /**
     * The CV as a data URL (up to about 7 MB of text). Screens start it with `subscribe: false`
     * and turn it into bytes at once; keepUnusedDataFor 0 drops the text from the cache right after.
     */
    getApplicationCv: build.query<CvAnswer, { id: string; purpose: CvPurpose }>({
      query: ({ id, purpose }) => `/applications/${encodeURIComponent(id)}/pdf?purpose=${purpose}`,
      keepUnusedDataFor: 0,
      providesTags: (_answer, _error, { id }) => [tags.application(id)],
      // The server recorded this fetch in the application's audit trail.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(api.util.invalidateTags([tags.audit(id)]));
      },
    }),
    deleteApplication: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: `/applications/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [
        tags.applicationList,
        tags.application(id),
        tags.notes(id),
        tags.audit(id),
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
