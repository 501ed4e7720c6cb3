import type { Job } from '../../../shared/jobs/job-contract';
import type { DeleteAck } from '../../../shared/http/acknowledgements';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/**
 * The careers site's job calls. Creating and editing posts (job-admin-api.ts) load with the
 * dashboard; delete stays here because the public job card offers it to admins.
 */
export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getJobs: build.query<Job[], void>({
      query: () => apiPaths.jobs.path(),
      providesTags: (jobs) => [tags.jobList, ...(jobs ?? []).map(({ _id }) => tags.job(_id))],
    }),
    getJob: build.query<Job, string>({
      query: (id) => apiPaths.job.path({ id }),
      providesTags: (_job, _error, id) => [tags.job(id)],
    }),
    deleteJob: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: apiPaths.post.path({ id }), method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [tags.jobList, tags.job(id)],
    }),
  }),
});

export const { useGetJobsQuery, useGetJobQuery, useDeleteJobMutation } = jobsApi;
