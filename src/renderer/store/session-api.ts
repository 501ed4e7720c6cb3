import type { AdminAnswer } from '../../shared/auth/auth-contract';
import { api, tags } from './api';

/** The admin check every signed-in screen needs; the login and registration calls are in session-thunks.ts. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The admin flag always comes from the server, never from the token or a known e-mail. */
    isAdmin: build.query<boolean, string>({
      query: (email) => `/admin/${encodeURIComponent(email)}`,
      transformResponse: (answer: AdminAnswer) => answer.admin === true,
      providesTags: (_result, _error, email) => [tags.admin(email)],
    }),
  }),
});

export const { useIsAdminQuery } = sessionApi;
