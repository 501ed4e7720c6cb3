import { Button, mergeClasses } from '@fluentui/react-components';
import { BuildingRegular } from '@fluentui/react-icons/headless/svg/building';
import { CallRegular } from '@fluentui/react-icons/headless/svg/call';
import { CheckmarkCircleFilled } from '@fluentui/react-icons/headless/svg/checkmark-circle';
import { ClipboardTaskListLtrRegular } from '@fluentui/react-icons/headless/svg/clipboard-task-list-ltr';
import { EyeRegular } from '@fluentui/react-icons/headless/svg/eye';
import { FingerprintRegular } from '@fluentui/react-icons/headless/svg/fingerprint';
import { HandshakeRegular } from '@fluentui/react-icons/headless/svg/handshake';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { PeopleCommunityRegular } from '@fluentui/react-icons/headless/svg/people-community';
import { RibbonRegular } from '@fluentui/react-icons/headless/svg/ribbon';
import { ShieldCheckmarkRegular } from '@fluentui/react-icons/headless/svg/shield-checkmark';
import { ShieldLockRegular } from '@fluentui/react-icons/headless/svg/shield-lock';
import { StarRegular } from '@fluentui/react-icons/headless/svg/star';
import { TranslateRegular } from '@fluentui/react-icons/headless/svg/translate';
import { WarningRegular } from '@fluentui/react-icons/headless/svg/warning';
import { pageTitles } from '../../../shared/site/page-titles';
import { siteConfig } from '../../../shared/site/site-config';
import { CompanyDetails } from './company-details';
import { FeatureCard } from './feature-card';
import { FindUs } from './find-us';
import { PageHero } from '../../components/page-hero';
import { SiteSection } from '../../components/site-section';
import { useSitePageStyles } from '../../components/site-styles';
import { useStyles } from './about-page.styles';

export function AboutPage() {
  const styles = useStyles();
  const site = useSitePageStyles();
  const { brandName, regulator, yearsOfExperience, greetings } = siteConfig;
  const languages = greetings.map((greeting) => greeting.language);
  const languageList = `${languages.slice(0, -1).join(', ')} and ${languages[languages.length - 1]}`;

  return (
    <div className={site.page}>
      <title>{pageTitles.about}</title>
      <PageHero eyebrow={brandName} title="About Us" lead={siteConfig.tagline} />

      <SiteSection id="our-identity" title="Our Identity" icon={<FingerprintRegular />}>
        <div className={mergeClasses(site.panel, styles.identity)}>
          <p className={site.lead}>{siteConfig.identity}</p>
        </div>
        <ul className={site.grid} aria-label="What we stand for">
          <FeatureCard icon={<ShieldLockRegular />} title="Data Protection">
            We follow the Data Protection Act and GDPR, and we are registered with the {regulator.name} (
            {regulator.shortName}). Your details are used only for the search you ask us to do.
          </FeatureCard>
          <FeatureCard icon={<TranslateRegular />} title="Multilingual Support">
            Our staff speak {languageList}, so customers, including vulnerable customers, can get help in the
            language they are most comfortable with.
          </FeatureCard>
          <FeatureCard icon={<HandshakeRegular />} title="Independent Service">
            We are not tied to any insurer. We search for prices on your behalf and only with your consent.
          </FeatureCard>
          <FeatureCard icon={<EyeRegular />} title="Transparency">
            We tell you plainly what we do and what we don&rsquo;t do, and how your information is handled.
          </FeatureCard>
        </ul>
      </SiteSection>

      <div className={site.twoColumns}>
        <SiteSection
          id="our-services"
          title="Our Services"
          icon={<ClipboardTaskListLtrRegular />}
          intro="We search the market for prices on:"
          className={site.panel}
        >
          <ul className={styles.checklist}>
            {siteConfig.services.map((service) => (
              <li key={service} className={styles.checkItem}>
                <CheckmarkCircleFilled className={styles.checkIcon} aria-hidden="true" />
                {service}
              </li>
            ))}
          </ul>
        </SiteSection>

        <SiteSection id="why-choose-us" title="Why Choose Us" icon={<RibbonRegular />} className={site.panel}>
          <ul className={styles.stats}>
            <li className={styles.stat}>
              <span className={styles.statValue}>{yearsOfExperience}</span>
              <span className={styles.statLabel}>Years of experience</span>
            </li>
            <li className={styles.stat}>
              <StarRegular className={styles.statValue} aria-hidden="true" />
              <span className={styles.statLabel}>Customer-first service</span>
            </li>
            <li className={styles.stat}>
              <ShieldCheckmarkRegular className={styles.statValue} aria-hidden="true" />
              <span className={styles.statLabel}>{regulator.shortName} &amp; GDPR compliance</span>
            </li>
          </ul>
          <ul className={styles.checklist}>
            <li className={styles.checkItem}>
              <PeopleCommunityRegular className={styles.checkIcon} aria-hidden="true" />
              We help vulnerable customers through our multilingual staff.
            </li>
            <li className={styles.checkItem}>
              <ShieldLockRegular className={styles.checkIcon} aria-hidden="true" />
              We are registered with the data-protection regulator, the {regulator.name}.
            </li>
            <li className={styles.checkItem}>
              <CheckmarkCircleFilled className={styles.checkIcon} aria-hidden="true" />
              We follow the Data Protection Act and GDPR.
            </li>
          </ul>
        </SiteSection>
      </div>

      <div className={site.twoColumns}>
        <SiteSection
          id="company-information"
          title="Company Information"
          icon={<BuildingRegular />}
          className={site.panel}
        >
          <CompanyDetails withContact />
        </SiteSection>
        <FindUs />
      </div>

      <section aria-labelledby="get-started-heading" className={mergeClasses(site.panel, styles.cta)}>
        <div className={styles.ctaText}>
          <h2 id="get-started-heading" className={styles.ctaHeading}>
            Ready to Get Started?
          </h2>
          <p className={site.body}>
            Talk to our team about a price search. We are open {siteConfig.openingHours.weekdays},{' '}
            {siteConfig.openingHours.hours}.
          </p>
        </div>
        <div className={styles.ctaActions}>
          {/* Real tel:/mailto: links: a button with no action would be a dead end for every user. */}
          <Button
            as="a"
            href={siteConfig.phoneHref}
            appearance="primary"
            size="large"
            icon={<CallRegular />}
            aria-label={`Call Now: ${siteConfig.phone}`}
          >
            Call Now
          </Button>
          <Button
            as="a"
            href={`mailto:${siteConfig.generalEmail}`}
            size="large"
            icon={<MailRegular />}
            aria-label={`Send Email to ${siteConfig.generalEmail}`}
          >
            Send Email
          </Button>
        </div>
      </section>

      <section aria-labelledby="important-notice-heading" className={mergeClasses(site.panel, styles.notice)}>
        <WarningRegular className={styles.noticeIcon} aria-hidden="true" />
        <div className={styles.ctaText}>
          <h2 id="important-notice-heading" className={styles.ctaHeading}>
            Important Notice
          </h2>
          <ul className={styles.noticeList}>
            <li>We do not give personal recommendations or financial advice.</li>
            <li>We do not buy, administer or monitor insurance policies.</li>
          </ul>
        </div>
      </section>
    </div>
  );
}
