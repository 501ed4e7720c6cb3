import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { sessionSlice, signOut } from './session-slice';
import { sessionEnded } from './session-events';
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

/** One store per app instance; the entry hands in its Platform (web or desktop). */
export function createAppStore(platform: Platform, navigator: AppNavigator = createNavigator()) {
  const extra: AppExtra = { platform, navigator };
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionSlice.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(forgetCacheOnSessionEnd())
        .concat(api.middleware),
  });
  return Object.assign(store, { navigator, platform });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
