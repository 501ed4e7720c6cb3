import type { AlertChange, AlertSignUp, AlertView } from '../../../shared/job-alerts/job-alerts-contract';
import { apiPaths } from '../../../shared/http/api-routes';
import { api } from '../../store/api';

type Message = { message: string };

/**
 * Job alerts' calls: the sign-up on the careers home, and the calls of an alert's links. Nothing
 * is kept once a page is left: each answer belongs to one link.
 */
export const jobAlertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    signUpForJobAlert: build.mutation<Message, AlertSignUp>({
      query: (body) => ({ url: apiPaths.jobAlerts.path(), method: 'POST', body }),
    }),
    confirmJobAlert: build.mutation<Message, string>({
      query: (token) => ({ url: apiPaths.jobAlertConfirm.path({ token }), method: 'POST' }),
    }),
    getJobAlert: build.query<AlertView, string>({
      query: (token) => apiPaths.jobAlert.path({ token }),
      keepUnusedDataFor: 0,
    }),
    changeJobAlert: build.mutation<AlertView, { token: string; change: AlertChange }>({
      query: ({ token, change }) => ({ url: apiPaths.jobAlert.path({ token }), method: 'PUT', body: change }),
    }),
    unsubscribeFromJobAlert: build.mutation<Message, string>({
      query: (token) => ({ url: apiPaths.jobAlertUnsubscribe.path({ token }), method: 'POST' }),
    }),
    deleteJobAlert: build.mutation<Message, string>({
      query: (token) => ({ url: apiPaths.jobAlert.path({ token }), method: 'DELETE' }),
    }),
  }),
});

export const {
  useSignUpForJobAlertMutation,
  useConfirmJobAlertMutation,
  useGetJobAlertQuery,
  useChangeJobAlertMutation,
  useUnsubscribeFromJobAlertMutation,
  useDeleteJobAlertMutation,
} = jobAlertsApi;
