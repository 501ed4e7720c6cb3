import { configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/auth-slice';
import type { Platform } from '../platform/platform';
import { api } from './api';
import type { AppExtra } from './app-extra';
import { createNavigator, type AppNavigator } from './navigation';

/** One store per app instance; the entry hands in its Platform (web or desktop). */
export function createAppStore(platform: Platform, navigator: AppNavigator = createNavigator()) {
  const extra: AppExtra = { platform, navigator };
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: authSlice.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
  return Object.assign(store, { navigator, platform });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
