import { useId } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { LinkDismissRegular } from '@fluentui/react-icons/headless/svg/link-dismiss';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { PRIVACY_NOTICE_PATH } from '../../../shared/site/privacy-notice';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { useSitePageStyles } from '../../components/site-styles';
import { useSiteSettings } from '../../lib/site-settings';
import { LOST_LINK_SECTION_ID } from './lost-link-form';
import { useFocusOnMount } from './use-focus-on-mount';
import { useStyles } from './link-gone.styles';
import { usePanelStyles } from './my-application-panel.styles';
import { screens } from '../../../shared/site/screen-routes';

export function LinkGone({ focus }: { focus: boolean }) {
  const styles = useStyles();
  const shared = usePanelStyles();
  const site = useSitePageStyles();
  const { retentionDays } = useSiteSettings();
  const headingId = useId();
  const heading = useFocusOnMount(focus);
  return (
    <>
      <PageHero headingRef={heading} eyebrow="Your application" title="This link no longer works" />
      <section className={mergeClasses(site.panel, shared.panel)} aria-labelledby={headingId}>
        <h2 id={headingId} className={shared.sectionTitle}>
          <LinkDismissRegular aria-hidden="true" /> Why this can happen
        </h2>
        <p className={site.body}>
          We are sorry: this private link does not open an application any more. We may have sent you a newer
          link that replaced it, the application may have been withdrawn or erased, or it may have been
          deleted
          {` ${retentionDays}`} days after it was sent, as our privacy notice explains. Please check that you
          copied the whole address from the e-mail.
        </p>
        <p className={site.body}>
          If you still have an application with us, you can ask for a new link on our privacy page. We will
          send it to the e-mail address you applied with.
        </p>
        <div className={styles.links}>
          <LinkButton
            to={`${PRIVACY_NOTICE_PATH}#${LOST_LINK_SECTION_ID}`}
            appearance="primary"
            icon={<MailRegular aria-hidden="true" />}
          >
            Ask for a new link
          </LinkButton>
          <LinkButton to={screens.home.path()} icon={<BriefcaseRegular aria-hidden="true" />}>
            See open positions
          </LinkButton>
        </div>
      </section>
    </>
  );
}
