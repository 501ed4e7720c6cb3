import { lazy, Suspense } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { CallRegular } from '@fluentui/react-icons/headless/svg/call';
import { LocationRegular } from '@fluentui/react-icons/headless/svg/location';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { formatAddress, siteConfig } from '../../shared/site/site-config';
import { useAppSelector } from '../store/hooks';
import { screens } from '../../shared/site/screen-routes';

// Avatar, tooltip and menu code are for signed-in staff only: visitors never download them.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

const useStyles = makeStyles({
  topBar: {
    backgroundColor: tokens.colorBrandBackgroundPressed,
    color: tokens.colorNeutralForegroundOnBrand,
    ...typographyStyles.caption1,
  },
  topBarInner: {
    maxWidth: '1120px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalXS,
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXL}`,
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  contacts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  topLink: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: 'inherit',
    textDecorationLine: 'none',
    paddingBlock: '2px',
    ':hover': { textDecorationLine: 'underline' },
    ':focus-visible': { outline: `2px solid ${tokens.colorNeutralForegroundOnBrand}`, outlineOffset: '2px' },
  },
  address: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    fontStyle: 'normal',
  },
  bar: {
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    position: 'sticky',
    top: 0,
    zIndex: 10,
  },
  barInner: {
    maxWidth: '1120px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    minHeight: '64px',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
  },
  logo: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    marginInlineEnd: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '4px' },
  },
  logoMark: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
    color: tokens.colorNeutralForegroundOnBrand,
    ...typographyStyles.subtitle1,
    // The brand's initial is drawn, not written: the link is named by the words it shows, and a
    // letter of decoration in its text would not be part of that name (WCAG 2.5.3).
    '::before': { content: 'attr(data-initial)' },
  },
  logoText: { display: 'flex', flexDirection: 'column', lineHeight: 1.1 },
  logoName: { ...typographyStyles.subtitle1 },
  logoTag: { ...typographyStyles.caption1, color: tokens.colorBrandForeground1 },
  nav: { display: 'flex', alignItems: 'center' },
  navList: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
  },
  navLink: {
    ...typographyStyles.body1Strong,
    display: 'inline-block',
    paddingInline: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  navLinkActive: {
    color: tokens.colorBrandForeground1,
    boxShadow: `inset 0 -2px 0 ${tokens.colorBrandForeground1}`,
  },
  account: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  loginLink: {
    ...typographyStyles.body1Strong,
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '32px',
    paddingInline: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

const publicLinks = [
  { to: screens.home.path(), label: 'Careers', end: true },
  { to: screens.about.path(), label: 'About Us', end: false },
  { to: screens.contact.path(), label: 'Contact', end: false },
];

const staffLinks = [
  { to: screens.dashboard.path(), label: 'Dashboard', end: true },
  { to: screens.createJob.path(), label: 'Create Post', end: false },
];

export function SiteHeader() {
  const styles = useStyles();
  const user = useAppSelector((state) => state.session.user);
  const links = user ? [...publicLinks, ...staffLinks] : publicLinks;

  return (
    <header>
      <div className={styles.topBar}>
        <div className={styles.topBarInner}>
          <div className={styles.contacts}>
            <a className={styles.topLink} href={siteConfig.phoneHref}>
              <CallRegular aria-hidden="true" />
              <span>
                <span className="visually-hidden">Call us on </span>
                {siteConfig.phone}
              </span>
            </a>
            <a className={styles.topLink} href={`mailto:${siteConfig.generalEmail}`}>
              <MailRegular aria-hidden="true" />
              <span>
                <span className="visually-hidden">E-mail us at </span>
                {siteConfig.generalEmail}
              </span>
            </a>
          </div>
          <address className={styles.address}>
            <LocationRegular aria-hidden="true" />
            {formatAddress()}
          </address>
        </div>
      </div>
      <div className={styles.bar}>
        <div className={styles.barInner}>
          {/* Named by the words it shows, then where it goes: a voice user says what they see
              (WCAG 2.5.3, label in name). */}
          <RouterLink
            to={screens.home.path()}
            className={styles.logo}
            aria-label={`${siteConfig.brandName} Careers, home`}
          >
            <span
              className={styles.logoMark}
              aria-hidden="true"
              data-initial={siteConfig.brandName.charAt(0)}
            />
            <span className={styles.logoText}>
              <span className={styles.logoName}>{siteConfig.brandName}</span>{' '}
              <span className={styles.logoTag}>Careers</span>
            </span>
          </RouterLink>
          <nav className={styles.nav} aria-label="Main">
            <ul className={styles.navList}>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) =>
                      mergeClasses(styles.navLink, isActive && styles.navLinkActive)
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.account}>
            {user ? (
              <Suspense fallback={null}>
                <UserMenu name={user.name} email={user.email} />
              </Suspense>
            ) : (
              <RouterLink to={screens.login.path()} className={styles.loginLink}>
                Login
              </RouterLink>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
