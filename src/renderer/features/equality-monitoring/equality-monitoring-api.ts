import type {
  FunnelReport,
  MonitoringSubmission,
} from '../../../shared/equality-monitoring/equality-monitoring-contract';
import type { PlainAck } from '../../../shared/http/acknowledgements';
import { api } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/** The applicant's monitoring return, and the administrators' aggregate funnel. */
export const equalityMonitoringApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendMonitoring: build.mutation<PlainAck, MonitoringSubmission>({
      query: (body) => ({ url: apiPaths.equalityMonitoring.path(), method: 'POST', body }),
    }),
    getFunnel: build.query<FunnelReport, string | undefined>({
      query: (jobId) =>
        `${apiPaths.equalityFunnel.path()}${jobId ? `?jobId=${encodeURIComponent(jobId)}` : ''}`,
      // Counts change as returns come in and stages move: read afresh each time the screen opens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSendMonitoringMutation, useGetFunnelQuery } = equalityMonitoringApi;
