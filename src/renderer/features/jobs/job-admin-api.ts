import type { JobCreate, JobUpdate } from '../../../shared/jobs/job-contract';
import type { InsertAck, UpdateAck } from '../../../shared/http/acknowledgements';
import { api } from '../../app/api';
import { JOB_LIST_TAG } from './jobs-api';

/** Creating and editing posts: admin-only, so loaded with the dashboard and never by visitors. */
export const jobAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    createJob: build.mutation<InsertAck, JobCreate>({
      query: (body) => ({ url: '/post', method: 'POST', body }),
      invalidatesTags: [JOB_LIST_TAG],
    }),
    updateJob: build.mutation<UpdateAck, { id: string; changes: JobUpdate }>({
      query: ({ id, changes }) => ({ url: `/post/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      invalidatesTags: (_answer, _error, { id }) => [JOB_LIST_TAG, { type: 'Job', id }],
    }),
  }),
});

export const { useCreateJobMutation, useUpdateJobMutation } = jobAdminApi;
