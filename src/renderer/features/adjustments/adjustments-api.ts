import type { AdjustmentRequest, AdjustmentsAnswer } from '../../../shared/adjustments/adjustments-contract';
import { api } from '../../store/api';

/**
 * Adjustment requests, which the server answers only to the adjustments contact. Its 403 to any
 * other administrator is about this record, not the session (`recordRefusals`): the screens then
 * show nothing of it, and the session goes on.
 */
export const adjustmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdjustmentRequests: build.query<AdjustmentRequest[], void>({
      query: () => ({ url: '/adjustments', recordRefusals: true }),
      keepUnusedDataFor: 0,
    }),
    getApplicationAdjustments: build.query<AdjustmentsAnswer, string>({
      query: (applicationId) => ({
        url: `/applications/${encodeURIComponent(applicationId)}/adjustments`,
        recordRefusals: true,
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAdjustmentRequestsQuery, useGetApplicationAdjustmentsQuery } = adjustmentsApi;
