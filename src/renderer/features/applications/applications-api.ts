import type {
  ApplicationDetail,
  ApplicationSaved,
  ApplicationSubmission,
  ApplicationSummary,
  EmailNotification,
} from '../../../shared/applications/application-contract';
import type { DeleteAck, PlainAck } from '../../../shared/http/acknowledgements';
import { api } from '../../app/api';

const LIST = { type: 'Application', id: 'LIST' } as const;

export const applicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitApplication: build.mutation<ApplicationSaved, ApplicationSubmission>({
      query: (body) => ({ url: '/applications', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    sendApplicationEmail: build.mutation<PlainAck, EmailNotification>({
      query: (body) => ({ url: '/email/sendEmail', method: 'POST', body }),
    }),
    getApplications: build.query<ApplicationSummary[], void>({
      query: () => '/applications',
      providesTags: (rows) => [
        LIST,
        ...(rows ?? []).map(({ _id }) => ({ type: 'Application' as const, id: _id })),
      ],
    }),
    getApplication: build.query<ApplicationDetail, string>({
      query: (id) => `/applications/${encodeURIComponent(id)}`,
      providesTags: (_row, _error, id) => [{ type: 'Application', id }],
    }),
    deleteApplication: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: `/applications/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [LIST, { type: 'Application', id }],
    }),
  }),
});

export const {
  useSubmitApplicationMutation,
  useSendApplicationEmailMutation,
  useGetApplicationsQuery,
  useGetApplicationQuery,
  useDeleteApplicationMutation,
} = applicationsApi;
