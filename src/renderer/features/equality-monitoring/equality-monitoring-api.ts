import type {
  FunnelReport,
  MonitoringSubmission,
} from '../../../shared/equality-monitoring/equality-monitoring-contract';
import type { PlainAck } from '../../../shared/http/acknowledgements';
import { api } from '../../store/api';

/** The applicant's monitoring return, and the administrators' aggregate funnel. */
export const equalityMonitoringApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendMonitoring: build.mutation<PlainAck, MonitoringSubmission>({
      query: (body) => ({ url: '/equality-monitoring', method: 'POST', body }),
    }),
    getFunnel: build.query<FunnelReport, string | undefined>({
      query: (jobId) => `/equality-monitoring/funnel${jobId ? `?jobId=${encodeURIComponent(jobId)}` : ''}`,
      // Counts change as returns come in and stages move: read afresh each time the screen opens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSendMonitoringMutation, useGetFunnelQuery } = equalityMonitoringApi;
