import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Field, MessageBarBody, Spinner } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { KeyResetRegular } from '@fluentui/react-icons/headless/svg/key-reset';
import {
  resetPasswordFormSchema,
  type PasswordSetAnswer,
  type ResetPasswordForm,
} from '../../../shared/auth/account-contract';
import { adminPasswordRule } from '../../../shared/auth/password-policy';
import { MIN_PASSWORD_LENGTH } from '../../../shared/limits';
import { siteConfig } from '../../../shared/site/site-config';
import { errorMessage } from '../../store/api-error';
import { arrivalToastState } from '../../feedback/arrival-toast';
import { AuthCard } from './auth-card';
import { PasswordInput } from './password-input';
import { useResetPasswordMutation } from './account-api';
import { useStyles } from './reset-password-page.styles';
import { screens } from '../../../shared/site/screen-routes';
import { useAppDispatch } from '../../store/hooks';
import { startSession } from '../../store/session-slice';

type FieldErrors = Partial<Record<keyof ResetPasswordForm, string>>;

/**
 * The screen a reset link opens (`/reset-password/<token>`): the new password twice. The server
 * decides which rule applies (administrators: at least 12 characters and not guessable) and says
 * why it refuses one; the link keeps working until a password is accepted. An invitation to the
 * hiring team opens the same form, worded as a first password (`invitation`); whether the link
 * signs its person in is the server's to say (docs/behaviour.md#the-hiring-team).
 */
export function ResetPasswordPage({ invitation = false }: { invitation?: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  const [form, setForm] = useState<ResetPasswordForm>({ newPassword: '', confirmPassword: '' });
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [reset, { isLoading }] = useResetPasswordMutation();

  const update = (name: keyof ResetPasswordForm) => (value: string) => setForm({ ...form, [name]: value });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const parsed = resetPasswordFormSchema.safeParse(form);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    let answer: PasswordSetAnswer;
    try {
      answer = await reset({ token, newPassword: parsed.data.newPassword }).unwrap();
    } catch (error) {
      setFailure(errorMessage(error));
      return;
    }
    // The link is spent: it leaves the history too. An invitation that signed the person in
    // takes them to their work (the team guard waits for the server's word on their role);
    // otherwise the login card waits with their address filled in.
    const arrival = arrivalToastState({ variant: 'success', message: answer.message });
    if (answer.token) {
      try {
        await dispatch(startSession(answer.token));
        void navigate(screens.teamHome.path(), { replace: true, state: arrival });
        return;
      } catch (error) {
        console.error('session not kept after the invitation', error);
      }
    }
    // A second factor to give or set up: the login screen takes that step on, with its challenge.
    void navigate(screens.login.path(), {
      replace: true,
      state: { ...arrival, email: answer.email, secondStep: answer.secondStep },
    });
  };

  const toggle = () => setVisible((shown) => !shown);

  const title = invitation ? 'Welcome: choose your password' : 'Choose a new password';
  return (
    <AuthCard
      icon={<KeyResetRegular />}
      title={title}
      subtitle={
        invitation
          ? `For your ${siteConfig.brandName} hiring team account.`
          : `For your ${siteConfig.brandName} careers account.`
      }
    >
      <title>{`${title} | ${siteConfig.brandName} Careers`}</title>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field
          label="New password"
          required
          validationMessage={errors.newPassword}
          hint={
            errors.newPassword
              ? undefined
              : invitation
                ? adminPasswordRule
                : `At least ${MIN_PASSWORD_LENGTH} characters. Administrators and the hiring team: ${adminPasswordRule}`
          }
        >
          <PasswordInput
            autoComplete="new-password"
            value={form.newPassword}
            onChange={(_, data) => update('newPassword')(data.value)}
            visible={visible}
            onToggleVisible={toggle}
          />
        </Field>
        <Field label="Confirm new password" required validationMessage={errors.confirmPassword}>
          <PasswordInput
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(_, data) => update('confirmPassword')(data.value)}
            visible={visible}
            onToggleVisible={toggle}
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
          {isLoading ? 'Saving...' : invitation ? 'Set my password' : 'Set the new password'}
        </Button>
      </form>
      <p className={styles.footer}>
        <Link to={screens.forgotPassword.path()} className={styles.link}>
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
