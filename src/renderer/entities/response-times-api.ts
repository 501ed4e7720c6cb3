import type { OverdueList, RejectionReason } from '../../shared/response-times/response-times-contract';
import { apiPaths } from '../../shared/http/api-routes';
import { api, tags } from '../store/api';

/**
 * What several features read of response times: the overdue applications (the list's and the
 * pipeline's marks, the console's notice) and the rejection reasons (the stage controls).
 */
export const responseTimesEntityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Fetched again whenever a stage change drops the counts, and with the counts' polling. */
    getOverdueApplications: build.query<OverdueList, void>({
      query: () => apiPaths.overdueApplications.path(),
      providesTags: [tags.applicationCounts, tags.stageLimits],
    }),
    getRejectionReasons: build.query<RejectionReason[], void>({
      query: () => apiPaths.rejectionReasons.path(),
      providesTags: [tags.rejectionReasons],
    }),
    getTeamRejectionReasons: build.query<RejectionReason[], void>({
      query: () => apiPaths.teamRejectionReasons.path(),
      providesTags: [tags.rejectionReasons],
    }),
  }),
});

export const {
  useGetOverdueApplicationsQuery,
  useGetRejectionReasonsQuery,
  useLazyGetRejectionReasonsQuery,
  useGetTeamRejectionReasonsQuery,
} = responseTimesEntityApi;
