import type {
  AdjustmentRequest,
  AdjustmentsAnswer,
  AgreedAdjustmentAnswer,
} from '../../../shared/adjustments/adjustments-contract';
import { api } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/**
 * Adjustment requests, which the server answers only to the adjustments contact. Its 403 to any
 * other administrator is about this record, not the session (`recordRefusals`): the screens then
 * show nothing of it, and the session goes on.
 */
export const adjustmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdjustmentRequests: build.query<AdjustmentRequest[], void>({
      query: () => ({ url: apiPaths.adjustments.path(), recordRefusals: true }),
      keepUnusedDataFor: 0,
    }),
    getApplicationAdjustments: build.query<AdjustmentsAnswer, string>({
      query: (applicationId) => ({
        url: apiPaths.applicationAdjustments.path({ id: applicationId }),
        recordRefusals: true,
      }),
      keepUnusedDataFor: 0,
    }),
    /**
     * Writes what the contact agreed for the interview. The answers already shown are brought up to
     * date from the answer rather than read again: each read of a request is an audit entry.
     */
    setAgreedAdjustment: build.mutation<AgreedAdjustmentAnswer, { applicationId: string; agreed: string }>({
      query: ({ applicationId, agreed }) => ({
        url: apiPaths.agreedAdjustments.path({ id: applicationId }),
        method: 'PUT',
        body: { agreed },
        recordRefusals: true,
      }),
      async onQueryStarted({ applicationId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          adjustmentsApi.util.updateQueryData('getApplicationAdjustments', applicationId, (answer) => {
            answer.agreed = data.agreed;
          }),
        );
        dispatch(
          adjustmentsApi.util.updateQueryData('getAdjustmentRequests', undefined, (rows) => {
            for (const row of rows) if (row.applicationId === applicationId) row.agreed = data.agreed;
          }),
        );
      },
    }),
  }),
});

export const {
  useGetAdjustmentRequestsQuery,
  useGetApplicationAdjustmentsQuery,
  useSetAgreedAdjustmentMutation,
} = adjustmentsApi;
