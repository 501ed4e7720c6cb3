import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { siteConfig } from '../../../shared/site/site-config';
import { LinkButton } from '../../components/link-button';
import { useStyles } from './nothing-to-confirm.styles';
import { useSuccessPageStyles } from './success-page.styles';
import { screens } from '../../../shared/site/screen-routes';

export function NothingToConfirm() {
  const styles = useStyles();
  const shared = useSuccessPageStyles();
  return (
    <div className={shared.page}>
      <title>{`Applications | ${siteConfig.brandName} Careers`}</title>
      <section className={shared.panel} aria-labelledby="success-title">
        <BriefcaseRegular className={styles.neutralIcon} aria-hidden="true" />
        <h1 id="success-title" className={shared.title}>
          Looking for your application?
        </h1>
        <p className={shared.text}>
          This page confirms an application straight after it is sent, so there is nothing to show here now.
          If you applied earlier, the confirmation e-mail we sent you is your record of it.
        </p>
        <div className={shared.actions}>
          <LinkButton
            to={screens.home.path()}
            appearance="primary"
            icon={<BriefcaseRegular aria-hidden="true" />}
          >
            See open positions
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
