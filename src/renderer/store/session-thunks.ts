import type { UnknownAction } from '@reduxjs/toolkit';
import type { LoginAnswer, LoginPayload, RegisterPayload } from '../../shared/auth/auth-contract';
import type { InsertAck } from '../../shared/http/acknowledgements';
import { api } from './api';
import { errorMessage } from './api-error';
import { sessionBusy, startSession, type SessionThunk } from './session-slice';
import type { TokenUser } from './token-claims';

/**
 * The calls that start a session or an account: the login, its second step's token, a new
 * password's token, and registration. Only the screens that use them load this module, so none of
 * it is in a visitor's first download; the session state they change lives in session-slice.ts.
 * Each is a plain thunk: it resolves with its outcome, or rejects with an Error whose message is
 * the one to show (the server's, when it sent one).
 */

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginPayload>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    register: build.mutation<InsertAck, RegisterPayload>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
  }),
});

/** Signed in, or the login's second step: a code (`verify`) or enrolment first (`setup`). */
export type SignInStep = { user: TokenUser } | { twoFactor: 'verify' | 'setup'; challenge: string };

/** Sends a login or registration (`send`), with its form's busy flag on meanwhile. */
const submit =
  <T>(busy: 'signingIn' | 'registering', send: () => { unwrap(): Promise<T>; reset(): void }) =>
  async (dispatch: (action: UnknownAction) => unknown): Promise<T> => {
    dispatch(sessionBusy({ [busy]: true }));
    const request = send();
    try {
      return await request.unwrap();
    } catch (error) {
      throw new Error(errorMessage(error), { cause: error });
    } finally {
      request.reset();
      dispatch(sessionBusy({ [busy]: false }));
    }
  };

export const signIn =
  (credentials: LoginPayload): SessionThunk<SignInStep> =>
  async (dispatch) => {
    const answer = await submit('signingIn', () => dispatch(authApi.endpoints.login.initiate(credentials)))(
      dispatch,
    );
    if ('token' in answer) return { user: await dispatch(startSession(answer.token)) };
    return { twoFactor: 'twoFactorRequired' in answer ? 'verify' : 'setup', challenge: answer.challenge };
  };

export const registerAccount =
  (form: RegisterPayload): SessionThunk<InsertAck> =>
  (dispatch) =>
    submit('registering', () => dispatch(authApi.endpoints.register.initiate(form)))(dispatch);
