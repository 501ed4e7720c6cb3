import { useId } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { ShieldCheckmarkRegular } from '@fluentui/react-icons/headless/svg/shield-checkmark';
import { formatDate } from '../../../shared/format/date';
import type { MyApplicationErased } from '../../../shared/my-application/my-application-contract';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { useSitePageStyles } from '../../components/site-styles';
import { useFocusOnMount } from './use-focus-on-mount';
import { useStyles } from './application-erased.styles';
import { usePanelStyles } from './my-application-panel.styles';
import { screens } from '../../../shared/site/screen-routes';

export function Erased({ erased }: { erased: MyApplicationErased }) {
  const styles = useStyles();
  const shared = usePanelStyles();
  const site = useSitePageStyles();
  const listHeadingId = useId();
  const heading = useFocusOnMount(true);
  const notes = erased.notesDeleted;
  return (
    <>
      <PageHero
        headingRef={heading}
        eyebrow="Your application"
        title="Your application has been erased"
        lead={`We no longer hold your application for ${erased.jobTitle}, sent on ${formatDate(erased.appliedAt)}.`}
      />
      <section className={mergeClasses(site.panel, shared.panel)} aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} className={shared.sectionTitle}>
          <ShieldCheckmarkRegular aria-hidden="true" /> What we erased
        </h2>
        <ul className={styles.list}>
          <li>
            Your application for {erased.jobTitle}: your name, e-mail address, phone number and cover letter
          </li>
          {erased.cvDeleted && <li>Your CV</li>}
          {notes > 0 && (
            <li>{notes === 1 ? 'The note' : `The ${notes} notes`} our team wrote about your application</li>
          )}
          <li>The record of who looked at your application and when, and of its progress</li>
          <li>The e-mails we sent you about it, and this private link</li>
        </ul>
        <p className={site.body}>
          We keep only a note that an erasure happened, which does not show your e-mail address. Any other
          applications you have made to us are not affected.
        </p>
        <div className={styles.links}>
          <LinkButton
            to={screens.home.path()}
            appearance="primary"
            icon={<BriefcaseRegular aria-hidden="true" />}
          >
            See open positions
          </LinkButton>
        </div>
      </section>
    </>
  );
}
