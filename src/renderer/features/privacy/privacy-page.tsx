import type { ReactNode } from 'react';
import { ShieldLockRegular } from '@fluentui/react-icons/headless/svg/shield-lock';
import {
  PRIVACY_NOTICE_VERSION,
  PRIVATE_LINK_SECTION_ID,
  privacyNotice,
} from '../../../shared/site/privacy-notice';
import { pageTitles } from '../../../shared/site/page-titles';
import { siteConfig } from '../../../shared/site/site-config';
import { useSiteSettings } from '../../lib/site-settings';
import { PageHero } from '../../components/page-hero';
import { SiteSection } from '../../components/site-section';
import { useSitePageStyles } from '../../components/site-styles';

/**
 * /privacy: the full applicant privacy notice the apply form links to, with the form where an
 * applicant asks for a fresh private link (`lostLinkForm`, from the feature that owns the link)
 * after the notice's section on it.
 */
export function PrivacyPage({ lostLinkForm }: { lostLinkForm?: ReactNode }) {
  const site = useSitePageStyles();
  const { retentionDays } = useSiteSettings();
  return (
    <div className={site.page}>
      <title>{pageTitles.privacy}</title>
      <PageHero
        eyebrow="Careers"
        title="Applicant Privacy Notice"
        lead={`How ${siteConfig.legalName} handles the personal data you send us when you apply for a job (version ${PRIVACY_NOTICE_VERSION}).`}
      />
      {privacyNotice(retentionDays).map((section, index) => (
        <SiteSection
          key={section.heading}
          id={section.id ?? `privacy-${index}`}
          title={section.heading}
          icon={index === 0 ? <ShieldLockRegular /> : undefined}
        >
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={site.body}>
              {paragraph}
            </p>
          ))}
          {section.id === PRIVATE_LINK_SECTION_ID ? lostLinkForm : null}
        </SiteSection>
      ))}
    </div>
  );
}
