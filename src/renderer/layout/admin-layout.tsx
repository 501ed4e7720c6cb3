import { Suspense, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Button, OverlayDrawer } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { NavigationRegular } from '@fluentui/react-icons/headless/svg/navigation';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { PageLoading } from '../components/page-loading';
import { SkipLink } from '../components/skip-link';
import { ErrorBoundary } from '../components/error-boundary';
import { useIsWide } from './use-is-wide';
import { PanelContent } from './admin-drawer-panel';
import { areaTitles, type AdminLayoutSlots } from './admin-layout-slots';
import { useStyles } from './admin-layout.styles';

/**
 * The admin screens' frame: the "Admin Panel" drawer with Home, Dashboard, Create Post,
 * Applications (with the count of New ones the app hands in), Reply templates, Team, Account, the
 * admin user label and Back (one step back in history). On wide screens the drawer is always
 * shown; on narrow ones it folds behind a menu button. The hiring team's screens use the same
 * frame with their own drawer, "Hiring Team" (`area`).
 */
export function AdminLayout(slots: AdminLayoutSlots) {
  const styles = useStyles();
  const wide = useIsWide();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const title = areaTitles[slots.area ?? 'admin'];
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
          aria-label={title}
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
            <p className={styles.topTitle}>{title}</p>
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
