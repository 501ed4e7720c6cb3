import type {
  AdminAnswer,
  LoginAnswer,
  LoginPayload,
  RegisterPayload,
} from '../../shared/auth/auth-contract';
import type { InsertAck } from '../../shared/http/acknowledgements';
import type { AccountRole } from '../../shared/team/team-contract';
import { api, tags } from './api';
import { apiPaths } from '../../shared/http/api-routes';

/**
 * The calls around a session: the admin check every signed-in screen needs, the login and the
 * registration. A login that answers a token starts the session by itself (the store's listener,
 * store.ts); its screen only sends it and shows its state.
 */
/**
 * Every role the app knows, checked complete by the compiler; written out rather than read from
 * the team contract, whose schemas would put zod into the public pages' first download.
 */
const knownRoles: Record<AccountRole, true> = {
  admin: true,
  'hiring-manager': true,
  interviewer: true,
  user: true,
};
const isKnownRole = (role: unknown): role is AccountRole => typeof role === 'string' && role in knownRoles;

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The account's role (administrator, hiring manager, interviewer or plain) always comes from
     * the server, never from the token or a known e-mail. A server from before the hiring team
     * (the console may be newer than its server) answers the admin flag alone.
     */
    accountRole: build.query<AccountRole, string>({
      query: (email) => apiPaths.adminByEmail.path({ email }),
      transformResponse: (answer: Partial<AdminAnswer>): AccountRole =>
        isKnownRole(answer.role) ? answer.role : answer.admin === true ? 'admin' : 'user',
      providesTags: (_result, _error, email) => [tags.admin(email)],
    }),
    /** Signed in (a token), or the second step: a code (`twoFactorRequired`) or enrolment first. */
    login: build.mutation<LoginAnswer, LoginPayload>({
      query: (body) => ({ url: apiPaths.login.path(), method: 'POST', body }),
    }),
    register: build.mutation<InsertAck, RegisterPayload>({
      query: (body) => ({ url: apiPaths.register.path(), method: 'POST', body }),
    }),
  }),
});

export const { useAccountRoleQuery, useLoginMutation, useRegisterMutation } = sessionApi;
