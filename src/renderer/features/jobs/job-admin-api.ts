import type { AdminJob, JobCreate, JobUpdate } from '../../../shared/jobs/job-contract';
import type { InsertAck, UpdateAck } from '../../../shared/http/acknowledgements';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/** Creating and editing posts: admin-only, so loaded with the dashboard and never by visitors. */
export const jobAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One post with who created and edited it (the admin token earns those fields). A cache entry
     * of its own: the public getJob entry may hold the page's inlined, public form of the post.
     */
    getAdminJob: build.query<AdminJob, string>({
      query: (id) => apiPaths.job.path({ id }),
      providesTags: (_job, _error, id) => [tags.job(id)],
    }),
    createJob: build.mutation<InsertAck, JobCreate>({
      query: (body) => ({ url: apiPaths.newJob.path(), method: 'POST', body }),
      invalidatesTags: [tags.jobList],
    }),
    updateJob: build.mutation<UpdateAck, { id: string; changes: JobUpdate }>({
      query: ({ id, changes }) => ({ url: apiPaths.post.path({ id }), method: 'PUT', body: changes }),
      invalidatesTags: (_answer, _error, { id }) => [tags.jobList, tags.job(id)],
    }),
  }),
});

export const { useGetAdminJobQuery, useCreateJobMutation, useUpdateJobMutation } = jobAdminApi;
