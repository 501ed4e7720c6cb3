import type { Platform } from '../platform/platform';
import type { AppNavigator } from '../lib/navigation';

/** The store's thunk extra argument: what the base query and thunks need from the outside. */
export interface AppExtra {
  platform: Platform;
  navigator: AppNavigator;
}
