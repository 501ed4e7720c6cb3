import { CallRegular } from '@fluentui/react-icons/headless/svg/call';
import { ClockRegular } from '@fluentui/react-icons/headless/svg/clock';
import { DocumentRegular } from '@fluentui/react-icons/headless/svg/document';
import { LocationRegular } from '@fluentui/react-icons/headless/svg/location';
import { screens } from '../../shared/site/screen-routes';
import { siteConfig } from '../../shared/site/site-config';
import { PostalAddress } from '../components/postal-address';
import { FooterDetail } from './footer-detail';
import { LinkList } from './footer-link-list';
import { useStyles } from './site-footer.styles';
import { useFooterListStyles } from './footer-list.styles';

export function SiteFooter() {
  const styles = useStyles();
  const shared = useFooterListStyles();
  const { mainSite, openingHours } = siteConfig;
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-head-office">
          <p className={styles.brand}>{siteConfig.brandName}</p>
          <h2 id="footer-head-office" className={shared.heading}>
            Head Office
          </h2>
          <ul className={shared.list}>
            <FooterDetail icon={<LocationRegular />}>
              <PostalAddress />
            </FooterDetail>
            <FooterDetail icon={<CallRegular />}>
              <a className={shared.link} href={siteConfig.phoneHref}>
                {siteConfig.phone}
              </a>
            </FooterDetail>
            <FooterDetail icon={<ClockRegular />}>Opening hours: {openingHours.footer}</FooterDetail>
            <FooterDetail icon={<DocumentRegular />}>Company No. {siteConfig.companyNumber}</FooterDetail>
          </ul>
        </section>
        <LinkList
          id="footer-quotes"
          title="Compare Quotes"
          links={mainSite.quotes.map((quote) => ({ label: quote.label, href: quote.search }))}
        />
        <LinkList
          id="footer-forms"
          title="Quotation Forms"
          links={mainSite.quotes.map((quote) => ({ label: `${quote.label} quote form`, href: quote.form }))}
        />
        <LinkList
          id="footer-legal"
          title="Legal"
          links={[
            // The company's policy covers its customers; applicants' data is covered by the careers
            // notice, which every page links beside it (docs/behaviour.md#privacy-notice).
            { label: 'Privacy policy', href: mainSite.privacyPolicy },
            { label: 'Careers privacy notice', to: screens.privacy.path() },
            { label: 'Terms and conditions', href: mainSite.terms },
            { label: `${siteConfig.brandName} main site`, href: mainSite.home },
          ]}
        />
      </div>
      <div className={styles.bottom}>
        <div className={styles.bottomInner}>
          <p className={styles.small}>
            &copy; {year} {siteConfig.legalName}. All rights reserved.
          </p>
          <p className={styles.small}>
            {siteConfig.legalForm}. Company number {siteConfig.companyNumber}.{' '}
            {siteConfig.regulator.shortName} registration {siteConfig.icoRegistrationNumber}.
          </p>
        </div>
      </div>
    </footer>
  );
}
