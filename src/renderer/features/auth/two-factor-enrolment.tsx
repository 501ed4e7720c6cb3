import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBarBody, Spinner } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import {
  totpCodeSchema,
  type TwoFactorEnabledAnswer,
  type TwoFactorSetupAnswer,
} from '../../../shared/auth/account-contract';
import { errorMessage } from '../../store/api-error';
import { useEnableTwoFactorMutation } from './account-api';
import { useStyles } from './two-factor-enrolment.styles';

/** The base32 secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up the second factor from a set-up the server has just started: scan the QR code (or
 * type the key, for anyone who cannot use the camera or the picture), then enter the app's first
 * code to turn it on. Used on the account screen (with the password the set-up was confirmed
 * with), and at login when it must be set up first (then with the login's challenge).
 */
export function TwoFactorEnrolment({
  setup,
  challenge,
  password,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupAnswer;
  challenge?: string;
  password?: string;
  onEnabled(answer: TwoFactorEnabledAnswer): void;
  onCancel?(): void;
}) {
  const styles = useStyles();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [enable, { isLoading }] = useEnableTwoFactorMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    try {
      onEnabled(
        await enable({
          code: parsed.data,
          ...(challenge ? { challenge } : {}),
          ...(password !== undefined ? { password } : {}),
        }).unwrap(),
      );
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <div className={styles.root}>
      <ol className={styles.steps}>
        <li>
          Open an authenticator app on your phone (such as Microsoft Authenticator, Google Authenticator or
          1Password) and add an account by scanning this QR code:
          <img
            className={styles.qr}
            src={setup.qrCode}
            alt="QR code to add this account to your authenticator app"
            width={200}
            height={200}
          />
          If you cannot scan it, choose to enter a key instead and type this one (time-based):{' '}
          <span className={styles.secret}>{grouped(setup.secret)}</span>
        </li>
        <li>
          <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
            <Field
              label="Enter the 6-digit code the app shows"
              required
              validationMessage={invalid}
              hint="A new code appears every 30 seconds."
            >
              <Input
                className={styles.code}
                value={code}
                onChange={(_, data) => setCode(data.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
              />
            </Field>
            {failure && (
              <UntitledMessageBar intent="error" role="alert">
                <MessageBarBody>{failure}</MessageBarBody>
              </UntitledMessageBar>
            )}
            <div className={styles.actions}>
              <Button
                type="submit"
                appearance="primary"
                disabled={isLoading}
                icon={isLoading ? <Spinner size="tiny" /> : undefined}
              >
                {isLoading ? 'Turning on...' : 'Turn on two-step verification'}
              </Button>
              {onCancel && <Button onClick={onCancel}>Cancel</Button>}
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
