import type {
  LostLinkAnswer,
  LostLinkRequest,
  MyApplication,
  MyApplicationErased,
} from '../../../shared/my-application/my-application-contract';
import type { Booking, MyInterview } from '../../../shared/interviews/interview-contract';
import { api } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/**
 * The applicant's own calls through their private link, and the lost-link form. Nothing here is
 * kept once the page is left: the answers are one person's, and a withdrawn link opens nothing on
 * a second look, so the page keeps what the withdrawal answered rather than fetching again.
 */
export const myApplicationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyApplication: build.query<MyApplication, string>({
      query: (token) => apiPaths.myApplication.path({ token }),
      keepUnusedDataFor: 0,
    }),
    withdrawMyApplication: build.mutation<MyApplication, string>({
      query: (token) => ({ url: apiPaths.withdrawMyApplication.path({ token }), method: 'POST' }),
    }),
    eraseMyApplication: build.mutation<MyApplicationErased, string>({
      query: (token) => ({ url: apiPaths.eraseMyApplication.path({ token }), method: 'POST' }),
    }),
    getMyInterview: build.query<MyInterview, string>({
      query: (token) => apiPaths.myInterview.path({ token }),
      keepUnusedDataFor: 0,
    }),
    bookMyInterview: build.mutation<MyInterview, { token: string; booking: Booking }>({
      query: ({ token, booking }) => ({
        url: apiPaths.myInterview.path({ token }),
        method: 'PUT',
        body: booking,
      }),
    }),
    cancelMyInterview: build.mutation<MyInterview, string>({
      query: (token) => ({ url: apiPaths.myInterview.path({ token }), method: 'DELETE' }),
    }),
    requestLostLink: build.mutation<LostLinkAnswer, LostLinkRequest>({
      query: (body) => ({ url: apiPaths.lostLink.path(), method: 'POST', body }),
    }),
  }),
});

export const {
  useGetMyApplicationQuery,
  useWithdrawMyApplicationMutation,
  useEraseMyApplicationMutation,
  useRequestLostLinkMutation,
  useGetMyInterviewQuery,
  useBookMyInterviewMutation,
  useCancelMyInterviewMutation,
} = myApplicationApi;
