import { lazy, Suspense } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { mergeClasses } from '@fluentui/react-components';
import { CallRegular } from '@fluentui/react-icons/headless/svg/call';
import { LocationRegular } from '@fluentui/react-icons/headless/svg/location';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { formatAddress, siteConfig } from '../../shared/site/site-config';
import { useSession } from '../store/use-session';
import { useStyles } from './site-header.styles';
import { screens } from '../../shared/site/screen-routes';

// Avatar, tooltip and menu code are for signed-in staff only: visitors never download them.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

const publicLinks = [
  { to: screens.home.path(), label: 'Careers', end: true },
  { to: screens.about.path(), label: 'About Us', end: false },
  { to: screens.contact.path(), label: 'Contact', end: false },
];

const staffLinks = [
  { to: screens.dashboard.path(), label: 'Dashboard', end: true },
  { to: screens.createJob.path(), label: 'Create Post', end: false },
];

/** A hiring manager or interviewer has their own screens and none of the administrators'. */
const teamLinks = [{ to: screens.teamHome.path(), label: 'Your work', end: false }];

export function SiteHeader() {
  const styles = useStyles();
  const { user, teamRole } = useSession();
  const links = user ? [...publicLinks, ...(teamRole ? teamLinks : staffLinks)] : publicLinks;

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
