import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Spinner } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons/headless/svg/sign-out';
import { messages } from '../../../shared/messages';
import { useAppDispatch } from '../../store/hooks';
import { errorMessage } from '../../store/api-error';
import { signOut } from '../../store/session-slice';
import { confirmDialog } from '../../feedback/dialogs';
import { arrivalToastState } from '../../feedback/arrival-toast';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import { useSignOutEverywhereMutation } from './account-api';
import { useStyles } from './sign-out-everywhere-card.styles';
import { screens } from '../../../shared/site/screen-routes';

/** "Sign out of all devices", confirmed first: every session ends, this one too. */
export function SignOutEverywhereCard() {
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
