import { Button, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/headless/svg/arrow-clockwise';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { DocumentSearchRegular } from '@fluentui/react-icons/headless/svg/document-search';
import { ErrorCircleRegular } from '@fluentui/react-icons/headless/svg/error-circle';
import { useInRouterContext } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { siteConfig } from '../../../shared/site/site-config';
import { LinkButton } from '../../components/link-button';
import { useSitePageStyles } from '../../components/site-styles';
import { screens } from '../../../shared/site/screen-routes';

const useStyles = makeStyles({
  wrapper: {
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    minHeight: '60vh',
  },
  icon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '96px',
    height: '96px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: '56px',
  },
  iconError: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
  title: {
    ...typographyStyles.title1,
    color: tokens.colorNeutralForeground1,
    margin: 0,
  },
  text: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    maxWidth: '52ch',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
  },
  details: {
    ...typographyStyles.caption1,
    maxWidth: '100%',
    textAlign: 'start',
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
});

export interface ErrorPageProps {
  /**
   * The failure that brought the user here. Given: the page is the app's crash screen. Absent:
   * it is the `/error` page a failed job lookup redirects to.
   */
  error?: unknown;
  title?: string;
  message?: string;
}

/** Links home without the router when there is none (e.g. a crash above the router). */
function HomeLink({ label, inRouter }: { label: string; inRouter: boolean }) {
  const icon = <BriefcaseRegular />;
  if (inRouter) {
    return (
      <LinkButton to={screens.home.path()} appearance="primary" size="large" icon={icon}>
        {label}
      </LinkButton>
    );
  }
  return (
    <Button as="a" href={screens.home.path()} appearance="primary" size="large" icon={icon}>
      {label}
    </Button>
  );
}

export function ErrorPage({ error, title, message }: ErrorPageProps) {
  const styles = useStyles();
  const site = useSitePageStyles();
  const inRouter = useInRouterContext();
  const crashed = error !== undefined;

  const heading = title ?? (crashed ? 'Something went wrong' : "We couldn't find that job");
  const text =
    message ??
    (crashed
      ? messages.serverError
      : 'The position may have been filled or is no longer advertised. Take a look at our other open positions.');
  // Developers need the cause; visitors must not see stack traces.
  const details = crashed && import.meta.env.DEV ? describeError(error) : null;

  return (
    <div className={mergeClasses(site.page, styles.wrapper)}>
      <title>{`${heading} | ${siteConfig.brandName} Careers`}</title>
      <span className={mergeClasses(styles.icon, crashed && styles.iconError)} aria-hidden="true">
        {crashed ? <ErrorCircleRegular /> : <DocumentSearchRegular />}
      </span>
      <h1 className={styles.title}>{heading}</h1>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>
        {/* After a crash a full page load is wanted: it clears whatever state broke the app. */}
        <HomeLink label={crashed ? 'Go to the homepage' : 'View all jobs'} inRouter={inRouter && !crashed} />
        {crashed ? (
          <Button size="large" icon={<ArrowClockwiseRegular />} onClick={() => window.location.reload()}>
            Reload page
          </Button>
        ) : null}
      </div>
      {details ? (
        <details className={styles.details}>
          <summary>Technical details</summary>
          {details}
        </details>
      ) : null}
    </div>
  );
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}
