import { Suspense, useRef, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import {
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons/headless/svg/open';
import { SettingsRegular } from '@fluentui/react-icons/headless/svg/settings';
import { useSession } from '../store/use-session';
import { lazyScreen } from '../lib/lazy-screen';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { PageLoading } from '../components/page-loading';
import { ErrorBoundary } from '../components/error-boundary';
import { UserMenu } from '../layout/user-menu';
import type { DesktopConsole } from './desktop-platform';
import { UpdateNotice } from './update-notice';
import { screens } from '../../shared/site/screen-routes';

// Loaded with the admin screens' code, once someone with admin rights is signed in.
const NewApplicationsNotifier = lazyScreen(
  () => import('../app/new-applications'),
  'NewApplicationsNotifier',
);
const OverdueNotifier = lazyScreen(() => import('../app/overdue-notifier'), 'OverdueNotifier');

const useStyles = makeStyles({
  shell: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    minHeight: '44px',
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  nav: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  product: { ...typographyStyles.subtitle2, margin: 0, marginInlineEnd: 'auto' },
  link: {
    ...typographyStyles.body1,
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  notice: { borderRadius: 0 },
  main: { flexGrow: 1, outline: 'none' },
});

/** Shown on every screen while the session token is held in memory only (no keychain answered). */
function MemoryTokenNotice({ console: desktop }: { console: DesktopConsole }) {
  const styles = useStyles();
  const storage = useSyncExternalStore(desktop.tokenStorage.subscribe, desktop.tokenStorage.current);
  if (storage !== 'memory') return null;
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.notice} role="status">
      <MessageBarBody>
        <MessageBarTitle>Your sign-in will not be remembered after you close the console.</MessageBarTitle>
        This computer&apos;s keychain could not be reached, so the console keeps your session in memory only
        and never writes it to disk. You will need to log in again next time.
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * The console's own chrome around every screen: the product name, the settings screen and the
 * public careers website (opened in the system browser: main's window-open handler checks the
 * address against its allow-list), the signed-in user with Log Out, the memory-only notice, the
 * "Restart to update" offer, and (for administrators) the watch for new applications that raises
 * the console's notifications.
 */
export function DesktopFrame({ console: desktop }: { console: DesktopConsole }) {
  const styles = useStyles();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  const session = useSession();
  const { user } = session;
  return (
    <div className={styles.shell}>
      {/* Watches for new applications on every screen of the console, Settings included. */}
      {session.isAdmin && (
        <Suspense fallback={null}>
          <NewApplicationsNotifier />
          <OverdueNotifier />
        </Suspense>
      )}
      <header className={styles.bar}>
        <p className={styles.product}>Careers Console</p>
        <nav aria-label="Console" className={styles.nav}>
          <Link to={screens.settings.path()} className={styles.link}>
            <SettingsRegular aria-hidden="true" />
            Settings
          </Link>
          <a href={desktop.settings.apiServerUrl} target="_blank" rel="noreferrer" className={styles.link}>
            <OpenRegular aria-hidden="true" />
            Open the careers website
          </a>
        </nav>
        {/* The dashboard layout has no sign-out of its own; the web has it in the site header. */}
        {user && (
          <div className={styles.nav}>
            <UserMenu name={user.name} email={user.email} />
          </div>
        )}
      </header>
      <MemoryTokenNotice console={desktop} />
      <UpdateNotice updates={desktop.updates} />
      <main ref={main} className={styles.main} tabIndex={-1}>
        <ErrorBoundary resetKey={pathname} withHomeLink={false}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
