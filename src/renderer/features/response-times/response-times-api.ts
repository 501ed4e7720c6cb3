import type { InsertAck, UpdateAck } from '../../../shared/http/acknowledgements';
import type {
  RejectionReasonChange,
  StageLimits,
} from '../../../shared/response-times/response-times-contract';
import { apiPaths } from '../../../shared/http/api-routes';
import { api, tags } from '../../store/api';

/** The settings screen's calls: the stages' time limits, and keeping the rejection reasons. */
export const responseTimesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStageLimits: build.query<StageLimits, void>({
      query: () => apiPaths.stageTimeLimits.path(),
      providesTags: [tags.stageLimits],
    }),
    setStageLimits: build.mutation<StageLimits, StageLimits>({
      query: (body) => ({ url: apiPaths.stageTimeLimits.path(), method: 'PUT', body }),
      invalidatesTags: [tags.stageLimits],
    }),
    addRejectionReason: build.mutation<InsertAck, string>({
      query: (label) => ({ url: apiPaths.rejectionReasons.path(), method: 'POST', body: { label } }),
      invalidatesTags: [tags.rejectionReasons],
    }),
    changeRejectionReason: build.mutation<UpdateAck, { id: string } & RejectionReasonChange>({
      query: ({ id, ...body }) => ({ url: apiPaths.rejectionReason.path({ id }), method: 'PATCH', body }),
      invalidatesTags: [tags.rejectionReasons],
    }),
  }),
});

export const {
  useGetStageLimitsQuery,
  useSetStageLimitsMutation,
  useAddRejectionReasonMutation,
  useChangeRejectionReasonMutation,
} = responseTimesApi;
