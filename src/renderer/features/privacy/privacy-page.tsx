import { ShieldLockRegular } from '@fluentui/react-icons/headless/svg/shield-lock';
import { PRIVACY_NOTICE_VERSION, privacyNotice } from '../../../shared/privacy/privacy-notice';
import { siteConfig } from '../../../shared/site/site-config';
import { useSiteSettings } from '../../lib/site-settings';
import { PageHero } from '../../components/page-hero';
import { SiteSection } from '../../components/site-section';
import { useSitePageStyles } from '../../components/site-styles';

/** /privacy: the full applicant privacy notice the apply form links to. */
export function PrivacyPage() {
  const site = useSitePageStyles();
  const { retentionDays } = useSiteSettings();
  return (
    <div className={site.page}>
      <title>{`Applicant Privacy Notice | ${siteConfig.brandName} Careers`}</title>
      <PageHero
        eyebrow="Careers"
        title="Applicant Privacy Notice"
        lead={`How ${siteConfig.legalName} handles the personal data you send us when you apply for a job (version ${PRIVACY_NOTICE_VERSION}).`}
      />
      {privacyNotice(retentionDays).map((section, index) => (
        <SiteSection
          key={section.heading}
          id={`privacy-${index}`}
          title={section.heading}
          icon={index === 0 ? <ShieldLockRegular /> : undefined}
        >
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={site.body}>
              {paragraph}
            </p>
          ))}
        </SiteSection>
      ))}
    </div>
  );
}
