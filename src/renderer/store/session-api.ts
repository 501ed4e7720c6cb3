import type {
  AdminAnswer,
  LoginAnswer,
  LoginPayload,
  RegisterPayload,
} from '../../shared/auth/auth-contract';
import type { InsertAck } from '../../shared/http/acknowledgements';
import { api, tags } from './api';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginPayload>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    register: build.mutation<InsertAck, RegisterPayload>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
    /** The admin flag always comes from the server, never from the token or a known e-mail. */
    isAdmin: build.query<boolean, string>({
      query: (email) => `/admin/${encodeURIComponent(email)}`,
      transformResponse: (answer: AdminAnswer) => answer.admin === true,
      providesTags: (_result, _error, email) => [tags.admin(email)],
    }),
  }),
});

export const { useIsAdminQuery } = sessionApi;
