import {
  createAsyncThunk,
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { api } from './api';
import type { AppExtra } from './app-extra';
import { sessionEnded } from './session-events';
import { userFromToken, type TokenUser } from './token-claims';

export interface SessionState {
  /** True until the stored token has been read at start. */
  loading: boolean;
  user: TokenUser | null;
}

const initialState: SessionState = { loading: true, user: null };

export type ThunkConfig = { extra: AppExtra; rejectValue: string };

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

/** Logging out never fails for the user: a token store error is only logged. */
export const signOut = createAsyncThunk<void, void, ThunkConfig>('session/signOut', async (_, { extra }) => {
  await extra.platform.tokenStore.clear().catch((error: unknown) => console.error('sign-out', error));
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** A token the server issued is stored: its user is signed in (startSession). */
    signedIn(state, { payload }: PayloadAction<TokenUser>) {
      state.user = payload;
    },
  },
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
      .addCase(signOut.pending, (state) => {
        state.user = null;
      })
      .addCase(sessionEnded, (state) => {
        state.user = null;
        state.loading = false;
      });
  },
});

export const { signedIn } = sessionSlice.actions;

export type SessionThunk<T> = ThunkAction<Promise<T>, { session: SessionState }, AppExtra, UnknownAction>;

/**
 * Keeps a token the server issued (a login, its second step, a new password) and signs its user
 * in. Whatever an earlier session cached (admin flag, applications) must not leak into a new
 * one; a new token for the user already signed in (a password change) keeps what was cached, the
 * 10,000-row list included, and refreshes only the account.
 */
export const startSession =
  (token: string): SessionThunk<TokenUser> =>
  async (dispatch, getState, extra) => {
    const user = userFromToken(token);
    if (!user) throw new Error('The server sent an unusable session token.');
    const sameUser = getState().session.user?.email === user.email;
    await extra.platform.tokenStore.set(token);
    dispatch(signedIn(user));
    dispatch(
      api.util.invalidateTags(
        sameUser
          ? ['Account']
          : ['Admin', 'Application', 'Note', 'Account', 'TeamMember', 'TeamWork', 'Viewers'],
      ),
    );
    return user;
  };
