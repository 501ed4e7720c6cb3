import {
  configureStore,
  createListenerMiddleware,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { sessionSlice, signOut, startSession, type SessionState } from './session-slice';
import { sessionEnded, sessionStartFailed } from './session-events';
import { sessionApi } from './session-api';
import { errorMessage } from './api-error';
import type { Platform } from '../platform/platform';
import { api } from './api';
import type { AppExtra } from './app-extra';
import { createNavigator, type AppNavigator } from '../lib/navigation';

/**
 * Cached answers (applications, notes, audit trails) belong to the session that fetched them, so
 * they go when it ends. Log Out empties the cache at once: anything still in flight belongs to the
 * ended session and is abandoned. A session the server refused is emptied once the calls in flight
 * have settled, so the refused call still hands its own error (the server's message) to its caller.
 */
function forgetCacheOnSessionEnd() {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: signOut.pending,
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
    },
  });
  listener.startListening({
    actionCreator: sessionEnded,
    effect: async (_action, { dispatch }) => {
      const running = [
        ...dispatch(api.util.getRunningQueriesThunk()),
        ...dispatch(api.util.getRunningMutationsThunk()),
      ];
      await Promise.allSettled(running);
      dispatch(api.util.resetApiState());
    },
  });
  return listener.middleware;
}

/**
 * A login that answers a token starts the session, whichever screen sent it: the token is stored
 * and its user signed in (startSession), and the login screen follows `signedIn`. One that answers
 * a second step (a code, or enrolment) starts nothing yet. A token that cannot be kept is reported
 * with `sessionStartFailed`, for the login screen to show.
 */
function startSessionOnLogin() {
  const listener = createListenerMiddleware<
    { session: SessionState },
    ThunkDispatch<{ session: SessionState }, AppExtra, UnknownAction>
  >();
  listener.startListening({
    matcher: sessionApi.endpoints.login.matchFulfilled,
    effect: async ({ payload }, { dispatch }) => {
      if (!('token' in payload)) return;
      try {
        await dispatch(startSession(payload.token));
      } catch (error) {
        dispatch(sessionStartFailed(errorMessage(error)));
      }
    },
  });
  return listener.middleware;
}

/** One store per app instance; the entry hands in its Platform (web or desktop). */
export function createAppStore(platform: Platform, navigator: AppNavigator = createNavigator()) {
  const extra: AppExtra = { platform, navigator };
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionSlice.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(forgetCacheOnSessionEnd(), startSessionOnLogin())
        .concat(api.middleware),
  });
  return Object.assign(store, { navigator, platform });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
