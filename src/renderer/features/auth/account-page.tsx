import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Spinner, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons/headless/svg/sign-out';
import { accountEventLabels, type AccountEvent } from '../../../shared/auth/account-contract';
import { formatUsDateTime } from '../../../shared/format/date';
import { messages } from '../../../shared/messages';
import { siteConfig } from '../../../shared/site/site-config';
import { useAppDispatch } from '../../store/hooks';
import { errorMessage } from '../../store/api-error';
import { signOut } from '../../store/session-slice';
import { PageLoading } from '../../components/page-loading';
import { confirmDialog } from '../../feedback/dialogs';
import { arrivalToastState } from '../../feedback/arrival-toast';
import { useToast } from '../../feedback/use-toast';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { ChangePasswordCard } from './change-password-card';
import { TwoFactorCard } from './two-factor-card';
import { useGetAccountQuery, useSignOutEverywhereMutation } from './account-api';
import { screens } from '../../../shared/site/screen-routes';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: '1fr',
    alignItems: 'start',
    '@media (min-width: 1100px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  text: { ...typographyStyles.body1, margin: 0 },
  actions: { display: 'flex' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  kind: { ...typographyStyles.body1Strong },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2 },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

/** "Sign out of all devices", confirmed first: every session ends, this one too. */
function SignOutEverywhereCard() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [signOutEverywhere, { isLoading }] = useSignOutEverywhereMutation();

  const onClick = async () => {
    const confirmed = await confirmDialog({
      title: 'Sign out of all devices?',
      text: 'Every browser and console signed in to your account will be signed out, this one included. You will need to log in again.',
      confirmButtonText: 'Yes, sign out everywhere',
    });
    if (!confirmed) return;
    try {
      await signOutEverywhere().unwrap();
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    await dispatch(signOut());
    void navigate(screens.login.path(), {
      replace: true,
      state: arrivalToastState({ variant: 'success', message: messages.signedOutEverywhere }),
    });
  };

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Sign out of all devices
      </h2>
      <p className={styles.text}>
        Left yourself signed in on another computer, or lost one? This signs your account out everywhere, here
        too. Changing your password does the same for your other devices.
      </p>
      <div className={styles.actions}>
        <Button
          icon={isLoading ? <Spinner size="tiny" /> : <SignOutRegular />}
          disabled={isLoading}
          onClick={() => void onClick()}
        >
          Sign out of all devices
        </Button>
      </div>
    </section>
  );
}

/** The account's latest events: what, when and from which address. */
function RecentActivity({ events }: { events: AccountEvent[] }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Recent activity
      </h2>
      {events.length === 0 ? (
        <p className={styles.empty}>
          No password changes, resets, sign-outs everywhere or two-step verification changes yet.
        </p>
      ) : (
        <ol className={styles.list} aria-label="Recent activity, newest first">
          {events.map((event) => (
            <li key={event._id} className={styles.entry}>
              <span className={styles.kind}>{accountEventLabels[event.kind]}</span>
              <span className={styles.meta}>
                {formatUsDateTime(event.at)} ·{' '}
                {event.ip ? `from ${event.ip}` : 'on the server (command line or ADMIN_PASSWORD)'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

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
