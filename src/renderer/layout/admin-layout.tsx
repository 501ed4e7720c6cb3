import { Suspense, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  Avatar,
  Button,
  OverlayDrawer,
  makeStyles,
  mergeClasses,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/headless/svg/add';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import { BoardRegular } from '@fluentui/react-icons/headless/svg/board';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { HomeRegular } from '@fluentui/react-icons/headless/svg/home';
import { MailTemplateRegular } from '@fluentui/react-icons/headless/svg/mail-template';
import { NavigationRegular } from '@fluentui/react-icons/headless/svg/navigation';
import { PeopleRegular } from '@fluentui/react-icons/headless/svg/people';
import { PersonRegular } from '@fluentui/react-icons/headless/svg/person';
import { siteConfig } from '../../shared/site/site-config';
import { useAppSelector } from '../store/hooks';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { PageLoading } from '../components/page-loading';
import { SkipLink } from '../components/skip-link';
import { ErrorBoundary } from '../components/error-boundary';
import { LogOutButton } from './log-out-button';
import { usePlatform } from '../platform/platform';
import { isAtScreen, screens, type ScreenRoute } from '../../shared/site/screen-routes';

/** Below this width the drawer folds away behind a menu button. */
const WIDE_QUERY = '(min-width: 960px)';
const DRAWER_WIDTH = '264px';

const useStyles = makeStyles({
  shell: {
    minHeight: '100vh',
    display: 'flex',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  sidebar: {
    width: DRAWER_WIDTH,
    flexShrink: 0,
    position: 'sticky',
    top: 0,
    height: '100vh',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorBrandBackgroundPressed,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  drawerSurface: {
    width: DRAWER_WIDTH,
    backgroundColor: tokens.colorBrandBackgroundPressed,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`,
    gap: tokens.spacingVerticalL,
    overflowY: 'auto',
  },
  panelHead: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingInline: tokens.spacingHorizontalS,
  },
  mark: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '36px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralForegroundOnBrand,
    color: tokens.colorBrandForeground1,
    ...typographyStyles.subtitle1,
  },
  panelTitle: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  panelName: { ...typographyStyles.subtitle1, margin: 0 },
  panelTag: { ...typographyStyles.caption1, opacity: 0.85 },
  closeButton: { color: tokens.colorNeutralForegroundOnBrand },
  navList: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  navLink: {
    ...typographyStyles.body1Strong,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '40px',
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForegroundOnBrand,
    textDecorationLine: 'none',
    position: 'relative',
    ':hover': { backgroundColor: 'rgba(255, 255, 255, 0.1)' },
    ':focus-visible': { outline: `2px solid ${tokens.colorNeutralForegroundOnBrand}`, outlineOffset: '-2px' },
  },
  navLinkActive: {
    backgroundColor: 'rgba(255, 255, 255, 0.16)',
    '::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: 0,
      top: '8px',
      bottom: '8px',
      width: '3px',
      borderRadius: '2px',
      backgroundColor: tokens.colorNeutralForegroundOnBrand,
    },
  },
  navIcon: { fontSize: '20px', display: 'inline-flex' },
  foot: {
    marginTop: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalL,
    borderTop: '1px solid rgba(255, 255, 255, 0.2)',
  },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  userText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  userName: {
    ...typographyStyles.body1Strong,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  userRole: { ...typographyStyles.caption1, opacity: 0.85 },
  footButton: {
    justifyContent: 'flex-start',
    color: tokens.colorNeutralForegroundOnBrand,
    border: '1px solid rgba(255, 255, 255, 0.45)',
    backgroundColor: 'transparent',
    ':hover': {
      color: tokens.colorNeutralForegroundOnBrand,
      backgroundColor: 'rgba(255, 255, 255, 0.1)',
      border: `1px solid ${tokens.colorNeutralForegroundOnBrand}`,
    },
    ':hover:active': {
      color: tokens.colorNeutralForegroundOnBrand,
      backgroundColor: 'rgba(255, 255, 255, 0.16)',
    },
  },
  content: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  topBar: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '56px',
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorBrandBackgroundPressed,
    color: tokens.colorNeutralForegroundOnBrand,
    boxShadow: tokens.shadow4,
  },
  topTitle: { ...typographyStyles.subtitle2, margin: 0 },
  main: {
    flexGrow: 1,
    outline: 'none',
    width: '100%',
    maxWidth: '1280px',
    marginInline: 'auto',
    boxSizing: 'border-box',
    padding: 'clamp(16px, 3vw, 32px)',
  },
});

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

interface NavEntry {
  to: string;
  label: string;
  icon: ReactNode;
  /** The screens that belong to this entry (the job list's alias, an application's detail). */
  activeFor?: ScreenRoute[];
  /** Which slot of the layout's props shows beside the label. */
  badge?: 'applications';
}

const NAV: NavEntry[] = [
  { to: screens.home.path(), label: 'Home', icon: <HomeRegular /> },
  {
    to: screens.dashboard.path(),
    label: 'Dashboard',
    icon: <BoardRegular />,
    activeFor: [screens.dashboard, screens.dashboardAll],
  },
  { to: screens.createJob.path(), label: 'Create Post', icon: <AddRegular /> },
  {
    to: screens.applications.path(),
    label: 'Applications',
    icon: <PeopleRegular />,
    activeFor: [screens.applications, screens.application],
    badge: 'applications',
  },
  { to: screens.replyTemplates.path(), label: 'Reply templates', icon: <MailTemplateRegular /> },
  { to: screens.account.path(), label: 'Account', icon: <PersonRegular /> },
];

/** What the app puts into the drawer: the layout shows it and knows nothing of where it comes from. */
export interface AdminLayoutSlots {
  /** Beside "Applications": the count of New applications. */
  applicationsBadge?: ReactNode;
}

function PanelContent({
  onNavigate,
  closeButton,
  slots,
}: {
  onNavigate?: () => void;
  closeButton?: ReactNode;
  slots: AdminLayoutSlots;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const platform = usePlatform();
  const { pathname } = useLocation();
  const user = useAppSelector((state) => state.session.user);

  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <span className={styles.mark} aria-hidden="true">
          {siteConfig.brandName.charAt(0)}
        </span>
        <span className={styles.panelTitle}>
          <p className={styles.panelName}>Admin Panel</p>
          <span className={styles.panelTag}>{siteConfig.brandName} Careers</span>
        </span>
        {closeButton}
      </div>
      <nav aria-label="Admin Panel">
        <ul className={styles.navList}>
          {NAV.map((entry) => {
            const active = entry.activeFor ? isAtScreen(pathname, entry.activeFor) : undefined;
            return (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  end
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={({ isActive }) =>
                    mergeClasses(styles.navLink, (active ?? isActive) && styles.navLinkActive)
                  }
                >
                  <span className={styles.navIcon} aria-hidden="true">
                    {entry.icon}
                  </span>
                  {entry.label}
                  {entry.badge === 'applications' && slots.applicationsBadge}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={styles.foot}>
        {/* The admin user label; the name comes from the session when there is one. */}
        <div className={styles.user}>
          <Avatar name={user?.name ?? 'Admin'} color="neutral" size={32} aria-hidden="true" />
          <span className={styles.userText}>
            <span className={styles.userName}>{user?.name ?? 'Admin'}</span>
            <span className={styles.userRole}>Admin User</span>
          </span>
        </div>
        <Button
          className={styles.footButton}
          icon={<ArrowLeftRegular />}
          onClick={() => {
            onNavigate?.();
            void navigate(-1);
          }}
        >
          Back
        </Button>
        {/* The desktop console has Log Out in its own frame; on the web the dashboard has no site header. */}
        {platform.kind === 'web' && user && <LogOutButton className={styles.footButton} />}
      </div>
    </div>
  );
}

/**
 * The admin screens' frame: the "Admin Panel" drawer with Home, Dashboard, Create Post,
 * Applications (with the count of New ones the app hands in), Reply templates, Account, the admin
 * user label and Back (one step back in history). On wide screens the drawer is always shown; on
 * narrow ones it folds behind a menu button.
 */
export function AdminLayout(slots: AdminLayoutSlots) {
  const styles = useStyles();
  const wide = useIsWide();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);

  return (
    <div className={styles.shell}>
      <SkipLink target="dashboard-main" />
      {wide ? (
        <aside className={styles.sidebar}>
          <PanelContent slots={slots} />
        </aside>
      ) : (
        <OverlayDrawer
          open={drawerOpen}
          onOpenChange={(_event, data) => setDrawerOpen(data.open)}
          className={styles.drawerSurface}
          aria-label="Admin Panel"
        >
          <PanelContent
            slots={slots}
            onNavigate={close}
            closeButton={
              <Button
                appearance="transparent"
                className={styles.closeButton}
                icon={<DismissRegular />}
                aria-label="Close navigation"
                onClick={close}
              />
            }
          />
        </OverlayDrawer>
      )}
      <div className={styles.content}>
        {!wide && (
          <header className={styles.topBar}>
            <Button
              appearance="transparent"
              className={styles.closeButton}
              icon={<NavigationRegular />}
              aria-label="Open navigation"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            />
            <p className={styles.topTitle}>Admin Panel</p>
          </header>
        )}
        <main id="dashboard-main" ref={main} className={styles.main} tabIndex={-1}>
          <ErrorBoundary
            resetKey={pathname}
            text="This screen could not be shown. Try again, or pick another screen."
            withHomeLink={false}
          >
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
