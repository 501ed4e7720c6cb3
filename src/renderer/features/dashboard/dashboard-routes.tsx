import { Route, Routes } from 'react-router-dom';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { RequireAdmin } from '../auth/require-admin';

const useStyles = makeStyles({
  main: { maxWidth: '960px', marginInline: 'auto', padding: tokens.spacingHorizontalXXL },
  title: { ...typographyStyles.title2, margin: 0 },
});

/**
 * Everything under /dashboard (issue 4 fills this in: dashboard layout, job table, create and
 * edit forms, applications). This module is loaded lazily, so nothing here is in the public bundle.
 */
export function DashboardRoutes() {
  return (
    <RequireAdmin>
      <Routes>
        <Route path="*" element={<DashboardPlaceholder />} />
      </Routes>
    </RequireAdmin>
  );
}

function DashboardPlaceholder() {
  const styles = useStyles();
  return (
    <main className={styles.main}>
      <h1 className={styles.title}>Dashboard</h1>
      <p>The admin dashboard is coming soon.</p>
      <a href="/">Back to the careers site</a>
    </main>
  );
}
