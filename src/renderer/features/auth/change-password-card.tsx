import { useId, useState, type FormEvent } from 'react';
import { Button, Field, MessageBarBody, Spinner } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { changePasswordFormSchema, type ChangePasswordForm } from '../../../shared/auth/account-contract';
import { adminPasswordRule } from '../../../shared/auth/password-policy';
import { messages } from '../../../shared/messages';
import { useAppDispatch } from '../../store/hooks';
import { errorMessage } from '../../store/api-error';
import { startSession } from '../../store/session-slice';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import { PasswordInput } from './password-input';
import { useChangePasswordMutation } from './account-api';
import { useStyles } from './change-password-card.styles';

type FieldName = keyof ChangePasswordForm;

type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password: the current one, then the new one twice. The server's verdict is the one that
 * counts (it also refuses guessable passwords, saying why); this device stays signed in with the
 * token it answers, every other one is signed out.
 */
export function ChangePasswordCard() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [form, setForm] = useState<ChangePasswordForm>(EMPTY);
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const update = (name: FieldName) => (value: string) => setForm({ ...form, [name]: value });
  const toggle = () => setVisible((shown) => !shown);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const parsed = changePasswordFormSchema.safeParse(form);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const { token } = await changePassword({
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
      }).unwrap();
      await dispatch(startSession(token));
      setForm(EMPTY);
      toast.success(messages.passwordChanged);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Change password
      </h2>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="Current password" required validationMessage={errors.currentPassword}>
          <PasswordInput
            autoComplete="current-password"
            value={form.currentPassword}
            onChange={(_, data) => update('currentPassword')(data.value)}
            visible={visible}
            onToggleVisible={toggle}
          />
        </Field>
        <Field
          label="New password"
          required
          validationMessage={errors.newPassword}
          hint={errors.newPassword ? undefined : adminPasswordRule}
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
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={isLoading}
            icon={isLoading ? <Spinner size="tiny" /> : undefined}
          >
            {isLoading ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </section>
  );
}
