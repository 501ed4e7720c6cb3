import { mergeClasses } from '@fluentui/react-components';
import { HomeRegular } from '@fluentui/react-icons/headless/svg/home';
import { siteConfig } from '../../../shared/site/site-config';
import { LinkButton } from '../../components/link-button';
import { useSitePageStyles } from '../../components/site-styles';
import { useStyles } from './not-found-page.styles';
import { screens } from '../../../shared/site/screen-routes';

export function NotFoundPage() {
  const styles = useStyles();
  const site = useSitePageStyles();
  return (
    <div className={mergeClasses(site.page, styles.wrapper)}>
      <title>{`Page not found | ${siteConfig.brandName}`}</title>
      <h1 className={styles.title}>
        <span className={styles.digits} aria-hidden="true">
          <span className={styles.digit}>4</span>
          <span className={mergeClasses(styles.digit, styles.second)}>
            <span className={styles.ring} />
          </span>
          <span className={mergeClasses(styles.digit, styles.third)}>4</span>
        </span>
        <span className={styles.visuallyHidden}>404: page not found</span>
      </h1>
      <p className={styles.message}>Uh oh! Looks like you got lost. Go back to the homepage if you dare!</p>
      <LinkButton to={screens.home.path()} appearance="primary" size="large" icon={<HomeRegular />}>
        back to Home
      </LinkButton>
    </div>
  );
}
