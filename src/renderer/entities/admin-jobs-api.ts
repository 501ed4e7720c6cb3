import type { AdminJob } from '../../shared/jobs/job-contract';
import { api, tags } from '../store/api';
import { apiPaths } from '../../shared/http/api-routes';

/**
 * Every post, closed ones too (the public list leaves out posts past their closing date), with
 * its questions and facts: the dashboard's table, the applications list's "Answer to" filter and
 * the team and equality screens all read this one cache entry. Here rather than in a feature
 * because features do not import each other (docs/architecture.md).
 */
export const adminJobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminJobs: build.query<AdminJob[], void>({
      query: () => `${apiPaths.jobs.path()}?include=closed`,
      providesTags: (jobs) => [tags.jobList, ...(jobs ?? []).map(({ _id }) => tags.job(_id))],
    }),
  }),
});

export const { useGetAdminJobsQuery } = adminJobsApi;
