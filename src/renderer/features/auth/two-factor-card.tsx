import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Field, MessageBarBody, Spinner } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import type {
  AccountAnswer,
  TwoFactorEnabledAnswer,
  TwoFactorSetupAnswer,
} from '../../../shared/auth/account-contract';
import { messages } from '../../../shared/messages';
import { useAppDispatch } from '../../store/hooks';
import { errorMessage } from '../../store/api-error';
import { startSession } from '../../store/session-slice';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import { PasswordInput } from './password-input';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { useRemoveTwoFactorMutation, useSetUpTwoFactorMutation } from './account-api';
import { useStyles } from './two-factor-card.styles';

/**
 * What the card shows: the state, a set-up under way (with the password it was confirmed with,
 * which activation asks for again), or the recovery codes just made.
 */
type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetupAnswer; password: string }
  | { kind: 'codes'; codes: string[] };

/**
 * Two-step verification on the account screen: set it up with the password (QR code or key, then
 * a first code), see the recovery codes once, and turn it off with the password. The password is
 * asked for both ways, so a session someone else got hold of can neither add a factor of its own
 * nor remove the owner's (docs/security.md#two-step-verification).
 */
export function TwoFactorCard({ account }: { account: AccountAnswer }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [visible, setVisible] = useState(false);
  const [setUp, setUpState] = useSetUpTwoFactorMutation();
  const [remove, removeState] = useRemoveTwoFactorMutation();

  /** The password field filled in, or its message shown; nothing is sent without it. */
  const typedPassword = (): string | undefined => {
    if (!password) {
      setPasswordError(messages.currentPasswordRequired);
      return undefined;
    }
    setPasswordError(undefined);
    return password;
  };

  const onStart = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (setUpState.isLoading) return;
    setFailure(null);
    const confirmed = typedPassword();
    if (confirmed === undefined) return;
    try {
      const setup = await setUp({ password: confirmed }).unwrap();
      setPassword('');
      setStage({ kind: 'setup', setup, password: confirmed });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const enabled = (answer: TwoFactorEnabledAnswer) => {
    setStage({ kind: 'codes', codes: answer.recoveryCodes });
    toast.success(messages.twoFactorEnabled);
  };

  const onRemove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (removeState.isLoading) return;
    setFailure(null);
    const confirmed = typedPassword();
    if (confirmed === undefined) return;
    try {
      const { token } = await remove({ password: confirmed }).unwrap();
      await dispatch(startSession(token));
      setPassword('');
      toast.success(messages.twoFactorRemoved);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const failureBar = failure && (
    <UntitledMessageBar intent="error" role="alert">
      <MessageBarBody>{failure}</MessageBarBody>
    </UntitledMessageBar>
  );

  const passwordField = (
    <Field label="Password" required validationMessage={passwordError}>
      <PasswordInput
        autoComplete="current-password"
        value={password}
        onChange={(_, data) => setPassword(data.value)}
        visible={visible}
        onToggleVisible={() => setVisible((shown) => !shown)}
      />
    </Field>
  );

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={admin.cardTitle}>
          Two-step verification
        </h2>
        <Badge appearance="tint" color={account.twoFactorEnabled ? 'success' : 'informative'}>
          {account.twoFactorEnabled ? 'On' : 'Off'}
        </Badge>
      </div>
      {stage.kind === 'codes' ? (
        <>
          <RecoveryCodes codes={stage.codes} email={account.email} />
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => setStage({ kind: 'idle' })}>
              I have saved my recovery codes
            </Button>
          </div>
        </>
      ) : stage.kind === 'setup' ? (
        <TwoFactorEnrolment
          setup={stage.setup}
          password={stage.password}
          onEnabled={enabled}
          onCancel={() => setStage({ kind: 'idle' })}
        />
      ) : account.twoFactorEnabled ? (
        <>
          <p className={styles.text}>
            Logging in asks for a code from your authenticator app after your password.{' '}
            {account.recoveryCodesLeft === 1
              ? 'You have 1 recovery code left.'
              : `You have ${account.recoveryCodesLeft} recovery codes left.`}
          </p>
          <form className={styles.form} onSubmit={(event) => void onRemove(event)} noValidate>
            <p className={styles.muted}>
              {account.twoFactorRequired
                ? 'Everyone who logs in here must use two-step verification: if you turn it off, you will set it up again at your next login.'
                : 'To turn it off (for a new phone, say), confirm with your password. Your other devices will be signed out.'}
            </p>
            {passwordField}
            {failureBar}
            <div className={styles.actions}>
              <Button
                type="submit"
                disabled={removeState.isLoading}
                icon={removeState.isLoading ? <Spinner size="tiny" /> : undefined}
              >
                Turn off two-step verification
              </Button>
            </div>
          </form>
        </>
      ) : (
        <>
          <p className={styles.text}>
            {account.twoFactorRequired
              ? 'Everyone who logs in here must use two-step verification. Set it up now, or you will be asked to at your next login.'
              : 'Protect your account with a code from an authenticator app on your phone, asked for after your password.'}
          </p>
          <form className={styles.form} onSubmit={(event) => void onStart(event)} noValidate>
            <p className={styles.muted}>To set it up, confirm with your password.</p>
            {passwordField}
            {failureBar}
            <div className={styles.actions}>
              <Button
                type="submit"
                appearance="primary"
                disabled={setUpState.isLoading}
                icon={setUpState.isLoading ? <Spinner size="tiny" /> : undefined}
              >
                Set up two-step verification
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
