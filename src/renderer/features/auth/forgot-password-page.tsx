import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Field, Input, MessageBarBody, Spinner } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { KeyResetRegular } from '@fluentui/react-icons/headless/svg/key-reset';
import { forgotPasswordSchema } from '../../../shared/auth/account-contract';
import { pageTitles } from '../../../shared/site/page-titles';
import { useTypedBeforeStart } from '../../lib/use-typed-before-start';
import { errorMessage } from '../../store/api-error';
import { AuthCard } from './auth-card';
import { useForgotPasswordMutation } from './account-api';
import { useStyles } from './forgot-password-page.styles';
import { screens } from '../../../shared/site/screen-routes';

/**
 * "Forgot password?": the e-mail address goes in, and the answer is the same whether or not an
 * account has it. The link in the e-mail opens the reset screen of the website (also when asked
 * for from the desktop console).
 */
export function ForgotPasswordPage() {
  const styles = useStyles();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const emailInput = useRef<HTMLInputElement>(null);
  useTypedBeforeStart([[emailInput, setEmail]]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    try {
      setSent((await forgot(parsed.data).unwrap()).message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <AuthCard
      icon={<KeyResetRegular />}
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will e-mail you a link to choose a new password."
      step={sent ? 'sent' : 'ask'}
    >
      <title>{pageTitles.forgotPassword}</title>
      {sent ? (
        <UntitledMessageBar intent="success" layout="multiline" role="status">
          <MessageBarBody>{sent}</MessageBarBody>
        </UntitledMessageBar>
      ) : (
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field label="Email" required validationMessage={invalid}>
            <Input
              ref={emailInput}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(_, data) => setEmail(data.value)}
            />
          </Field>
          {failure && (
            <UntitledMessageBar intent="error" role="alert">
              <MessageBarBody>{failure}</MessageBarBody>
            </UntitledMessageBar>
          )}
          <Button
            type="submit"
            appearance="primary"
            size="large"
            disabled={isLoading}
            icon={isLoading ? <Spinner size="tiny" /> : undefined}
          >
            {isLoading ? 'Sending...' : 'Send the reset link'}
          </Button>
        </form>
      )}
      <p className={styles.footer}>
        <Link to={screens.login.path()} className={styles.link}>
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
