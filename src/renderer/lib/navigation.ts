import { screens } from '../../shared/site/screen-routes';

export interface LocationSnapshot {
  pathname: string;
  search: string;
  hash: string;
}

export type NavigateFn = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

/**
 * Lets code outside React (the base query) move the user: the router's navigate function is
 * registered by <NavigatorBridge> once the router exists, so the store never imports a router.
 */
export interface AppNavigator {
  attach(navigate: NavigateFn, location: () => LocationSnapshot): () => void;
  /** Goes to /login, remembering where the user was so that signing in brings them back. */
  toLogin(): void;
}

export const LOGIN_PATH = screens.login.path();

export function createNavigator(): AppNavigator {
  let current: { navigate: NavigateFn; location: () => LocationSnapshot } | null = null;
  return {
    attach(navigate, location) {
      const entry = { navigate, location };
      current = entry;
      return () => {
        if (current === entry) current = null;
      };
    },
    toLogin() {
      if (!current) return;
      const from = current.location();
      // Already there: a refused login must keep the page the user was heading for.
      if (from.pathname === LOGIN_PATH) return;
      current.navigate(LOGIN_PATH, { replace: true, state: { from } });
    },
  };
}
