import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { LoginPayload, RegisterPayload } from '../../shared/auth/auth-contract';
import type { AppExtra } from './app-extra';
import { api } from './api';
import { errorMessage } from './api-error';
import { sessionApi } from './session-api';
import { sessionEnded } from './session-events';
import { userFromToken, type TokenUser } from './token-claims';

export interface SessionState {
  /** True until the stored token has been read at start. */
  loading: boolean;
  user: TokenUser | null;
  signingIn: boolean;
  registering: boolean;
}

const initialState: SessionState = { loading: true, user: null, signingIn: false, registering: false };

type ThunkConfig = { extra: AppExtra; rejectValue: string };

/** Reads the stored token once at start: a live one restores the user, anything else is removed. */
export const restoreSession = createAsyncThunk<TokenUser | null, void, ThunkConfig>(
  'session/restoreSession',
  async (_, { extra }) => {
    const token = await extra.platform.tokenStore.get().catch(() => null);
    if (!token) return null;
    const user = userFromToken(token);
    if (!user) await extra.platform.tokenStore.clear().catch(() => undefined);
    return user;
  },
);

/**
 * Keeps a token the server issued (a login, its second step, a new password) and signs its user
 * in. Whatever an earlier session cached (admin flag, applications) must not leak into this one.
 */
export const startSession = createAsyncThunk<TokenUser, string, ThunkConfig>(
  'session/startSession',
  async (token, { dispatch, extra, rejectWithValue }) => {
    const user = userFromToken(token);
    if (!user) return rejectWithValue('The server sent an unusable session token.');
    await extra.platform.tokenStore.set(token);
    dispatch(api.util.invalidateTags(['Admin', 'Application', 'Note', 'Account']));
    return user;
  },
);

/** Signed in, or the login's second step: a code (`verify`) or enrolment first (`setup`). */
export type SignInStep = { user: TokenUser } | { twoFactor: 'verify' | 'setup'; challenge: string };

export const signIn = createAsyncThunk<SignInStep, LoginPayload, ThunkConfig>(
  'session/signIn',
  async (credentials, { dispatch, rejectWithValue }) => {
    const request = dispatch(sessionApi.endpoints.login.initiate(credentials));
    try {
      const answer = await request.unwrap();
      if ('token' in answer) return { user: await dispatch(startSession(answer.token)).unwrap() };
      return { twoFactor: 'twoFactorRequired' in answer ? 'verify' : 'setup', challenge: answer.challenge };
    } catch (error) {
      return rejectWithValue(typeof error === 'string' ? error : errorMessage(error));
    } finally {
      request.reset();
    }
  },
);

export const registerAccount = createAsyncThunk<void, RegisterPayload, ThunkConfig>(
  'session/register',
  async (form, { dispatch, rejectWithValue }) => {
    const request = dispatch(sessionApi.endpoints.register.initiate(form));
    try {
      await request.unwrap();
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    } finally {
      request.reset();
    }
  },
);

/** Logging out never fails for the user: a token store error is only logged. */
export const signOut = createAsyncThunk<void, void, ThunkConfig>('session/signOut', async (_, { extra }) => {
  await extra.platform.tokenStore.clear().catch((error: unknown) => console.error('sign-out', error));
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(restoreSession.fulfilled, (state, { payload }) => {
        state.loading = false;
        state.user = payload;
      })
      .addCase(restoreSession.rejected, (state) => {
        state.loading = false;
        state.user = null;
      })
      .addCase(signIn.pending, (state) => {
        state.signingIn = true;
      })
      .addCase(signIn.fulfilled, (state) => {
        state.signingIn = false;
      })
      .addCase(startSession.fulfilled, (state, { payload }) => {
        state.user = payload;
      })
      .addCase(signIn.rejected, (state) => {
        state.signingIn = false;
      })
      .addCase(registerAccount.pending, (state) => {
        state.registering = true;
      })
      .addCase(registerAccount.fulfilled, (state) => {
        state.registering = false;
      })
      .addCase(registerAccount.rejected, (state) => {
        state.registering = false;
      })
      .addCase(signOut.pending, (state) => {
        state.user = null;
      })
      .addCase(sessionEnded, (state) => {
        state.user = null;
        state.loading = false;
      });
  },
});
