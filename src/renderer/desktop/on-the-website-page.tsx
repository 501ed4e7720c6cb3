import { Link, useLocation } from 'react-router-dom';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { screens } from '../../shared/site/screen-routes';

const useStyles = makeStyles({
  page: {
    maxWidth: '640px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalXXL,
    paddingBlock: '64px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    textAlign: 'center',
    alignItems: 'center',
  },
  title: { ...typographyStyles.title2, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  link: {
    ...typographyStyles.body1Strong,
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/**
 * Any route the console does not have (the public pages: a job's page, registration, About...):
 * the console carries no marketing pages, so it offers the same page on the careers website,
 * opened in the system browser.
 */
export function OnTheWebsitePage({ websiteUrl }: { websiteUrl: string }) {
  const styles = useStyles();
  const { pathname, search } = useLocation();
  return (
    <section className={styles.page} aria-labelledby="website-title">
      <title>Careers Console</title>
      <h1 id="website-title" className={styles.title}>
        This page is on the careers website
      </h1>
      <p className={styles.text}>
        The console shows the admin screens only. Public pages open in your web browser.
      </p>
      <a href={`${websiteUrl}${pathname}${search}`} target="_blank" rel="noreferrer" className={styles.link}>
        Open this page on the careers website
      </a>
      <Link to={screens.dashboard.path()} className={styles.link}>
        Back to the dashboard
      </Link>
    </section>
  );
}
