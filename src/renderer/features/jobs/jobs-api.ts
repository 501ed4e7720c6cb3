import type { Job } from '../../../shared/jobs/job-contract';
import type { DeleteAck } from '../../../shared/http/acknowledgements';
import { api } from '../../app/api';

/** The job list's cache tag; job-admin-api.ts invalidates it too. */
export const JOB_LIST_TAG = { type: 'Job', id: 'LIST' } as const;
const LIST = JOB_LIST_TAG;

/**
 * The careers site's job calls. Creating and editing posts (job-admin-api.ts) load with the
 * dashboard; delete stays here because the public job card offers it to admins.
 */
export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getJobs: build.query<Job[], void>({
      query: () => '/all',
      providesTags: (jobs) => [LIST, ...(jobs ?? []).map(({ _id }) => ({ type: 'Job' as const, id: _id }))],
    }),
    getJob: build.query<Job, string>({
      query: (id) => `/single/${encodeURIComponent(id)}`,
      providesTags: (_job, _error, id) => [{ type: 'Job', id }],
    }),
    deleteJob: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: `/post/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [LIST, { type: 'Job', id }],
    }),
  }),
});

export const { useGetJobsQuery, useGetJobQuery, useDeleteJobMutation } = jobsApi;
