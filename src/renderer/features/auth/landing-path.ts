import type { AccountRole } from '../../../shared/team/team-contract';
import { ADMIN_BASE, TEAM_BASE, screens } from '../../../shared/site/screen-routes';

/** Each role's own work: the administrators' dashboard, the hiring team's list of what they hold. */
const workOf = (role: AccountRole): string =>
  role === 'admin'
    ? screens.dashboard.path()
    : role === 'user'
      ? screens.home.path()
      : screens.teamHome.path();

const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Whether a role may open the screen at `pathname`: the admin area for administrators, the team's for the team. */
const mayOpen = (role: AccountRole, pathname: string): boolean => {
  if (within(pathname, ADMIN_BASE)) return role === 'admin';
  if (within(pathname, TEAM_BASE)) return role === 'hiring-manager' || role === 'interviewer';
  return pathname !== screens.login.path();
};

/**
 * Where a sign-in lands (docs/behaviour.md#auth-and-session): the page the user came from (path,
 * query and hash; never another site) when their role may open it, else their own work. A page
 * they may not open (a hiring manager sent to /login from the dashboard) would only send them on
 * again, so their work is where they meant to go.
 */
export function landingPath(role: AccountRole, state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (
    !from ||
    typeof from.pathname !== 'string' ||
    !from.pathname.startsWith('/') ||
    from.pathname.startsWith('//') ||
    !mayOpen(role, from.pathname)
  ) {
    return workOf(role);
  }
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}

/**
 * The second step a screen handed to the login card (a first password set through an invitation,
 * where a second factor is asked for), if any.
 */
export function secondStepFrom(state: unknown): { kind: 'verify' | 'setup'; challenge: string } | null {
  const step = (state as { secondStep?: { kind?: unknown; challenge?: unknown } } | null)?.secondStep;
  if (!step || typeof step.challenge !== 'string') return null;
  return step.kind === 'verify' || step.kind === 'setup'
    ? { kind: step.kind, challenge: step.challenge }
    : null;
}

/** The address a screen handed to the login card to fill in (a password just set), if any. */
export function emailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}
