import { Fragment } from 'react';
import { Link } from '@fluentui/react-components';
import { BuildingRegular } from '@fluentui/react-icons/headless/svg/building';
import { CallRegular } from '@fluentui/react-icons/headless/svg/call';
import { ClockRegular } from '@fluentui/react-icons/headless/svg/clock';
import { DocumentRegular } from '@fluentui/react-icons/headless/svg/document';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { TranslateRegular } from '@fluentui/react-icons/headless/svg/translate';
import { pageTitles } from '../../../shared/site/page-titles';
import { EmailAddress } from '../../components/email-address';
import { siteConfig } from '../../../shared/site/site-config';
import { CompanyDetails } from './company-details';
import { FindUs } from './find-us';
import { PageHero } from '../../components/page-hero';
import { PostalAddress } from '../../components/postal-address';
import { SiteSection } from '../../components/site-section';
import { useSitePageStyles } from '../../components/site-styles';
import { ContactCard } from './contact-card';
import { useStyles } from './contact-page.styles';

export function ContactPage() {
  const styles = useStyles();
  const site = useSitePageStyles();
  const { phone, phoneHref, generalEmail, careersEmail, openingHours, greetings } = siteConfig;

  return (
    <div className={site.page}>
      <title>{pageTitles.contact}</title>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        lead="Questions about a vacancy, your application or our services? Our team is happy to help, in English and in several other languages."
      />

      <SiteSection id="get-in-touch" title="Get in Touch" icon={<CallRegular />}>
        <ul className={site.grid}>
          <ContactCard icon={<BuildingRegular />} title="Head Office">
            <PostalAddress withName />
          </ContactCard>
          <ContactCard icon={<CallRegular />} title="Phone">
            <Link href={phoneHref}>{phone}</Link>
          </ContactCard>
          <ContactCard icon={<MailRegular />} title="Email">
            <span>
              <span className={styles.label}>General enquiries</span>
              <Link href={`mailto:${generalEmail}`}>
                <EmailAddress address={generalEmail} />
              </Link>
            </span>
            <span>
              <span className={styles.label}>Careers and applications</span>
              <Link href={`mailto:${careersEmail}`}>
                <EmailAddress address={careersEmail} />
              </Link>
            </span>
          </ContactCard>
          <ContactCard icon={<ClockRegular />} title="Opening Hours">
            <dl className={styles.hours}>
              {openingHours.rows.map((row) => (
                <Fragment key={row.days}>
                  <dt>{row.days}</dt>
                  <dd className={styles.hoursValue}>{row.hours}</dd>
                </Fragment>
              ))}
            </dl>
          </ContactCard>
        </ul>
      </SiteSection>

      <SiteSection
        id="languages"
        title="We Speak Your Language"
        icon={<TranslateRegular />}
        intro="Our multilingual staff can help you in these languages as well as English:"
        tinted
      >
        <ul className={styles.greetings}>
          {greetings.map((greeting) => (
            <li key={greeting.lang} className={styles.greeting}>
              <span className={styles.greetingText} lang={greeting.lang} dir={greeting.dir}>
                {greeting.text}
              </span>
              <span className={styles.greetingLanguage}>{greeting.language}</span>
              <span className={styles.greetingHint}>
                {greeting.transliteration} &middot; &ldquo;Welcome&rdquo;
              </span>
            </li>
          ))}
        </ul>
      </SiteSection>

      <div className={site.twoColumns}>
        <SiteSection
          id="company-registration"
          title="Company Registration"
          icon={<DocumentRegular />}
          className={site.panel}
        >
          <CompanyDetails />
        </SiteSection>
        <FindUs />
      </div>
    </div>
  );
}
