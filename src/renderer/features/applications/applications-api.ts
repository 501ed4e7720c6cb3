import type {
  ApplicationSaved,
  ApplicationSubmission,
  EmailNotification,
} from '../../../shared/applications/application-contract';
import type { PlainAck } from '../../../shared/http/acknowledgements';
import { api } from '../../app/api';
import { APPLICATION_LIST_TAG } from './application-tags';

/**
 * The visitor's calls (apply page). The admin calls (list, detail, CV, delete) live in
 * application-admin-api.ts, so the apply page's chunk carries no admin endpoints.
 */
export const applicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitApplication: build.mutation<ApplicationSaved, ApplicationSubmission>({
      query: (body) => ({ url: '/applications', method: 'POST', body }),
      invalidatesTags: [APPLICATION_LIST_TAG],
    }),
    sendApplicationEmail: build.mutation<PlainAck, EmailNotification>({
      query: (body) => ({ url: '/email/sendEmail', method: 'POST', body }),
    }),
  }),
});

export const { useSubmitApplicationMutation, useSendApplicationEmailMutation } = applicationsApi;
