import type { Job, JobCreate, JobUpdate } from '../../../shared/jobs/job-contract';
import type { DeleteAck, InsertAck, UpdateAck } from '../../../shared/http/acknowledgements';
import { api } from '../../app/api';

const LIST = { type: 'Job', id: 'LIST' } as const;

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
    createJob: build.mutation<InsertAck, JobCreate>({
      query: (body) => ({ url: '/post', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateJob: build.mutation<UpdateAck, { id: string; changes: JobUpdate }>({
      query: ({ id, changes }) => ({ url: `/post/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      invalidatesTags: (_answer, _error, { id }) => [LIST, { type: 'Job', id }],
    }),
    deleteJob: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: `/post/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [LIST, { type: 'Job', id }],
    }),
  }),
});

export const {
  useGetJobsQuery,
  useGetJobQuery,
  useCreateJobMutation,
  useUpdateJobMutation,
  useDeleteJobMutation,
} = jobsApi;
