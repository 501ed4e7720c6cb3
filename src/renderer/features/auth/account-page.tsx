import { siteConfig } from '../../../shared/site/site-config';
import { errorMessage } from '../../store/api-error';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { ChangePasswordCard } from './change-password-card';
import { TwoFactorCard } from './two-factor-card';
import { useGetAccountQuery } from './account-api';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';
import { RecentActivity } from './recent-activity';
import { useStyles } from './account-page.styles';

/**
 * The signed-in administrator's account: change password, two-step verification, sign out of all
 * devices, and the account's recent activity.
 */
export function AccountPage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const { data: account, isLoading, isError, error } = useGetAccountQuery();

  return (
    <div className={admin.page}>
      <title>{`Account | ${siteConfig.brandName} Careers`}</title>
      <AdminPageHeader
        title="Account"
        subtitle={
          account ? `Signed in as ${account.name} (${account.email})` : 'Your sign-in and its security.'
        }
      />
      {isLoading && <PageLoading label="Loading your account..." />}
      {isError && <p className={styles.empty}>{errorMessage(error, 'Your account could not be loaded.')}</p>}
      {account && (
        <div className={styles.grid}>
          <div className={styles.column}>
            <ChangePasswordCard />
            <SignOutEverywhereCard />
          </div>
          <div className={styles.column}>
            <TwoFactorCard account={account} />
            <RecentActivity events={account.events} />
          </div>
        </div>
      )}
    </div>
  );
}
