import type {
  LostLinkAnswer,
  LostLinkRequest,
  MyApplication,
  MyApplicationErased,
} from '../../../shared/my-application/my-application-contract';
import type { Booking, MyInterview } from '../../../shared/interviews/interview-contract';
import { api } from '../../store/api';

const linkUrl = (token: string) => `/my-application/${encodeURIComponent(token)}`;

/**
 * The applicant's own calls through their private link, and the lost-link form. Nothing here is
 * kept once the page is left: the answers are one person's, and a withdrawn link opens nothing on
 * a second look, so the page keeps what the withdrawal answered rather than fetching again.
 */
export const myApplicationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyApplication: build.query<MyApplication, string>({
      query: linkUrl,
      keepUnusedDataFor: 0,
    }),
    withdrawMyApplication: build.mutation<MyApplication, string>({
      query: (token) => ({ url: `${linkUrl(token)}/withdraw`, method: 'POST' }),
    }),
    eraseMyApplication: build.mutation<MyApplicationErased, string>({
      query: (token) => ({ url: `${linkUrl(token)}/erase`, method: 'POST' }),
    }),
    getMyInterview: build.query<MyInterview, string>({
      query: (token) => `${linkUrl(token)}/interview`,
      keepUnusedDataFor: 0,
    }),
    bookMyInterview: build.mutation<MyInterview, { token: string; booking: Booking }>({
      query: ({ token, booking }) => ({ url: `${linkUrl(token)}/interview`, method: 'PUT', body: booking }),
    }),
    cancelMyInterview: build.mutation<MyInterview, string>({
      query: (token) => ({ url: `${linkUrl(token)}/interview`, method: 'DELETE' }),
    }),
    requestLostLink: build.mutation<LostLinkAnswer, LostLinkRequest>({
      query: (body) => ({ url: '/my-application/lost-link', method: 'POST', body }),
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
