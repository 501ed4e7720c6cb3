import { Suspense, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/page-loading';
import { SkipLink } from '../components/skip-link';
import { ErrorBoundary } from '../components/error-boundary';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { useKeepSourceMarker } from '../lib/source-marker';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useStyles } from './public-layout.styles';

/**
 * Header, the routed screen (or `children`, for a screen shown outside the public routes) and the
 * footer; a screen that fails to render shows the error screen.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const styles = useStyles();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  useKeepSourceMarker();
  return (
    <div className={styles.shell}>
      <SkipLink target="main-content" />
      <SiteHeader />
      <main id="main-content" ref={main} className={styles.main} tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
