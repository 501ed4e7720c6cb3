import type { ApplicantResponse } from '../../../shared/response-times/response-times-contract';
import { apiPaths } from '../../../shared/http/api-routes';
import { api } from '../../store/api';

/** When we expect to reply, and any feedback on a rejection: one person's, so never kept. */
export const applicantResponseApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApplicantResponse: build.query<ApplicantResponse, string>({
      query: (token) => apiPaths.myApplicationResponse.path({ token }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetApplicantResponseQuery } = applicantResponseApi;
