import type { ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Avatar, Button, mergeClasses } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/headless/svg/add';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import { BoardRegular } from '@fluentui/react-icons/headless/svg/board';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { HomeRegular } from '@fluentui/react-icons/headless/svg/home';
import { MailTemplateRegular } from '@fluentui/react-icons/headless/svg/mail-template';
import { ClockRegular } from '@fluentui/react-icons/headless/svg/clock';
import { OrganizationRegular } from '@fluentui/react-icons/headless/svg/organization';
import { PeopleRegular } from '@fluentui/react-icons/headless/svg/people';
import { PeopleTeamRegular } from '@fluentui/react-icons/headless/svg/people-team';
import { DataFunnelRegular } from '@fluentui/react-icons/headless/svg/data-funnel';
import { DataBarVerticalRegular } from '@fluentui/react-icons/headless/svg/data-bar-vertical';
import { AccessibilityRegular } from '@fluentui/react-icons/headless/svg/accessibility';
import { PersonRegular } from '@fluentui/react-icons/headless/svg/person';
import { PeopleCommunityRegular } from '@fluentui/react-icons/headless/svg/people-community';
import { LinkRegular } from '@fluentui/react-icons/headless/svg/link';
import { siteConfig } from '../../shared/site/site-config';
import { teamRoleLabels } from '../../shared/team/team-contract';
import { isAtScreen, screens, type ScreenRoute } from '../../shared/site/screen-routes';
import { useAppSelector } from '../store/hooks';
import { useSession } from '../store/use-session';
import { LogOutButton } from './log-out-button';
import { usePlatform } from '../platform/platform';
import { areaTitles, type AdminLayoutSlots } from './admin-layout-slots';
import { useStyles } from './admin-drawer-panel.styles';

interface NavEntry {
  to: string;
  label: string;
  icon: ReactNode;
  /** The screens that belong to this entry (the job list's alias, an application's detail). */
  activeFor?: ScreenRoute[];
  /** Which slot of the layout's props shows beside the label. */
  badge?: 'applications';
}

const NAV: NavEntry[] = [
  { to: screens.home.path(), label: 'Home', icon: <HomeRegular /> },
  {
    to: screens.dashboard.path(),
    label: 'Dashboard',
    icon: <BoardRegular />,
    activeFor: [screens.dashboard, screens.dashboardAll],
  },
  { to: screens.createJob.path(), label: 'Create Post', icon: <AddRegular /> },
  {
    to: screens.applications.path(),
    label: 'Applications',
    icon: <PeopleRegular />,
    activeFor: [screens.applications, screens.application],
    badge: 'applications',
  },
  { to: screens.departments.path(), label: 'Departments', icon: <OrganizationRegular /> },
  { to: screens.replyTemplates.path(), label: 'Reply templates', icon: <MailTemplateRegular /> },
  { to: screens.responseTimes.path(), label: 'Response times', icon: <ClockRegular /> },
  { to: screens.teamMembers.path(), label: 'Team', icon: <PeopleTeamRegular /> },
  { to: screens.equalityReport.path(), label: 'Equality', icon: <DataFunnelRegular /> },
  { to: screens.reports.path(), label: 'Reports', icon: <DataBarVerticalRegular /> },
  { to: screens.adjustments.path(), label: 'Adjustments', icon: <AccessibilityRegular /> },
  { to: screens.talentPool.path(), label: 'Talent pool', icon: <PeopleCommunityRegular /> },
  { to: screens.trackingLinks.path(), label: 'Tracking links', icon: <LinkRegular /> },
  { to: screens.account.path(), label: 'Account', icon: <PersonRegular /> },
];

/** The hiring team's drawer: their own work and their account, nothing of the administrators'. */
const TEAM_NAV: NavEntry[] = [
  { to: screens.home.path(), label: 'Home', icon: <HomeRegular /> },
  {
    to: screens.teamHome.path(),
    label: 'Your work',
    icon: <BriefcaseRegular />,
    activeFor: [screens.teamHome, screens.teamJob, screens.teamApplication],
  },
  { to: screens.teamAccount.path(), label: 'Account', icon: <PersonRegular /> },
];

export function PanelContent({
  onNavigate,
  closeButton,
  slots,
}: {
  onNavigate?: () => void;
  closeButton?: ReactNode;
  slots: AdminLayoutSlots;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const platform = usePlatform();
  const { pathname } = useLocation();
  const user = useAppSelector((state) => state.session.user);
  const { teamRole } = useSession();
  const area = slots.area ?? 'admin';
  const title = areaTitles[area];
  const nav = area === 'team' ? TEAM_NAV : NAV;
  const roleLabel = area === 'admin' ? 'Admin User' : teamRole ? teamRoleLabels[teamRole] : 'Hiring team';

  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <span className={styles.mark} aria-hidden="true">
          {siteConfig.brandName.charAt(0)}
        </span>
        <span className={styles.panelTitle}>
          <p className={styles.panelName}>{title}</p>
          <span className={styles.panelTag}>{siteConfig.brandName} Careers</span>
        </span>
        {closeButton}
      </div>
      <nav aria-label={title}>
        <ul className={styles.navList}>
          {nav.map((entry) => {
            const active = entry.activeFor ? isAtScreen(pathname, entry.activeFor) : undefined;
            return (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  end
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={({ isActive }) =>
                    mergeClasses(styles.navLink, (active ?? isActive) && styles.navLinkActive)
                  }
                >
                  <span className={styles.navIcon} aria-hidden="true">
                    {entry.icon}
                  </span>
                  {entry.label}
                  {entry.badge === 'applications' && slots.applicationsBadge}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={styles.foot}>
        {/* The user label; the name comes from the session when there is one. */}
        <div className={styles.user}>
          <Avatar name={user?.name ?? 'Admin'} color="neutral" size={32} aria-hidden="true" />
          <span className={styles.userText}>
            <span className={styles.userName}>{user?.name ?? 'Admin'}</span>
            <span className={styles.userRole}>{roleLabel}</span>
          </span>
        </div>
        <Button
          className={styles.footButton}
          icon={<ArrowLeftRegular />}
          onClick={() => {
            onNavigate?.();
            void navigate(-1);
          }}
        >
          Back
        </Button>
        {/* The desktop console has Log Out in its own frame; on the web the dashboard has no site header. */}
        {platform.kind === 'web' && user && <LogOutButton className={styles.footButton} />}
      </div>
    </div>
  );
}
