import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBarBody, Spinner } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { recoveryCodeSchema, totpCodeSchema } from '../../../shared/auth/account-contract';
import { errorMessage } from '../../store/api-error';
import { useVerifyTwoFactorMutation } from './account-api';
import { useStyles } from './two-factor-step.styles';

/**
 * A login's second step: the 6-digit code from the authenticator app, or one of the recovery
 * codes. Answers the session token to `onSignedIn`.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onStartAgain,
}: {
  challenge: string;
  onSignedIn(token: string): Promise<void>;
  onStartAgain(): void;
}) {
  const styles = useStyles();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [verify, { isLoading }] = useVerifyTwoFactorMutation();
  const [finishing, setFinishing] = useState(false);
  const busy = isLoading || finishing;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = (useRecovery ? recoveryCodeSchema : totpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    try {
      const { token } = await verify(
        useRecovery ? { challenge, recoveryCode: parsed.data } : { challenge, code: parsed.data },
      ).unwrap();
      setFinishing(true);
      await onSignedIn(token);
    } catch (error) {
      setFinishing(false);
      setFailure(errorMessage(error));
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {useRecovery ? (
        <Field
          label="Recovery code"
          required
          validationMessage={invalid}
          hint="One of the codes you saved when you set up two-step verification. Each works once."
        >
          <Input value={value} onChange={(_, data) => setValue(data.value)} autoComplete="off" />
        </Field>
      ) : (
        <Field
          label="Authentication code"
          required
          validationMessage={invalid}
          hint="The 6-digit code your authenticator app shows now."
        >
          <Input
            value={value}
            onChange={(_, data) => setValue(data.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
          />
        </Field>
      )}
      {failure && (
        <UntitledMessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </UntitledMessageBar>
      )}
      <Button
        type="submit"
        appearance="primary"
        size="large"
        disabled={busy}
        icon={busy ? <Spinner size="tiny" /> : undefined}
      >
        {busy ? 'Checking...' : 'Verify'}
      </Button>
      <div className={styles.actions}>
        <Button
          appearance="subtle"
          onClick={() => {
            setUseRecovery((recovery) => !recovery);
            setValue('');
            setInvalid(undefined);
            setFailure(null);
          }}
        >
          {useRecovery ? 'Use the code from the app' : 'Use a recovery code instead'}
        </Button>
        <Button appearance="subtle" onClick={onStartAgain}>
          Back to login
        </Button>
      </div>
    </form>
  );
}
