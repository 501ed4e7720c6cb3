import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { CallRegular } from '@fluentui/react-icons/headless/svg/call';
import { ClockRegular } from '@fluentui/react-icons/headless/svg/clock';
import { DocumentRegular } from '@fluentui/react-icons/headless/svg/document';
import { LocationRegular } from '@fluentui/react-icons/headless/svg/location';
import { siteConfig } from '../../shared/site/site-config';
import { PostalAddress } from '../components/postal-address';
import { FooterDetail } from './footer-detail';
import { LinkList } from './footer-link-list';

const useStyles = makeStyles({
  footer: {
    marginBlockStart: 'auto',
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted,
  },
  inner: {
    maxWidth: '1120px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: `${tokens.spacingVerticalXXXL} ${tokens.spacingVerticalXL}`,
    boxSizing: 'border-box',
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  },
  brand: {
    ...typographyStyles.subtitle1,
    margin: 0,
    marginBlockEnd: tokens.spacingVerticalS,
  },
  heading: {
    ...typographyStyles.body1Strong,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    margin: 0,
    marginBlockEnd: tokens.spacingVerticalM,
    color: tokens.colorNeutralForegroundInverted,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingVerticalS,
    ...typographyStyles.body1,
  },
  link: {
    color: tokens.colorNeutralForegroundInverted2,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorNeutralForegroundInverted, textDecorationLine: 'underline' },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralForegroundInverted}`,
      outlineOffset: '2px',
      borderRadius: tokens.borderRadiusSmall,
    },
  },
  bottom: {
    // Tokens have no subtle divider for inverted surfaces; a translucent line works on any dark theme.
    borderBlockStartWidth: tokens.strokeWidthThin,
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: 'rgba(255, 255, 255, 0.16)',
  },
  bottomInner: {
    maxWidth: '1120px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalL,
    boxSizing: 'border-box',
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForegroundInverted2,
  },
  small: { margin: 0 },
});

export function SiteFooter() {
  const styles = useStyles();
  const { mainSite, openingHours } = siteConfig;
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-head-office">
          <p className={styles.brand}>{siteConfig.brandName}</p>
          <h2 id="footer-head-office" className={styles.heading}>
            Head Office
          </h2>
          <ul className={styles.list}>
            <FooterDetail icon={<LocationRegular />}>
              <PostalAddress />
            </FooterDetail>
            <FooterDetail icon={<CallRegular />}>
              <a className={styles.link} href={siteConfig.phoneHref}>
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
            { label: 'Privacy policy', href: mainSite.privacyPolicy },
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
