import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { PersonAddRegular } from '@fluentui/react-icons/headless/svg/person-add';
import { registerFormSchema, type RegisterForm } from '../../../shared/auth/auth-contract';
import { messages } from '../../../shared/messages';
import { MIN_PASSWORD_LENGTH } from '../../../shared/limits';
import { pageTitles } from '../../../shared/site/page-titles';
import { siteConfig } from '../../../shared/site/site-config';
import { useToast } from '../../feedback/use-toast';
import { useTypedBeforeStart } from '../../lib/use-typed-before-start';
import { errorMessage } from '../../store/api-error';
import { AuthCard } from './auth-card';
import { useRegisterMutation } from '../../store/session-api';
import { PasswordInput } from './password-input';
import { useStyles } from './register-page.styles';
import { screens } from '../../../shared/site/screen-routes';

type FieldName = keyof RegisterForm;

type FieldErrors = Partial<Record<FieldName, string>>;

export function validateRegisterForm(form: RegisterForm): FieldErrors {
  const parsed = registerFormSchema.safeParse(form);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as FieldName] ??= issue.message;
  return errors;
}

export function RegisterPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const [register, { isLoading: registering }] = useRegisterMutation();
  const [form, setForm] = useState<RegisterForm>({ name: '', email: '', password: '', confirmPassword: '' });
  const [showPasswords, setShowPasswords] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmInput = useRef<HTMLInputElement>(null);
  const typed = (name: FieldName) => (value: string) => setForm((before) => ({ ...before, [name]: value }));
  useTypedBeforeStart([
    [nameInput, typed('name')],
    [emailInput, typed('email')],
    [passwordInput, typed('password')],
    [confirmInput, typed('confirmPassword')],
  ]);

  const update = (name: FieldName) => (value: string) => {
    const next = { ...form, [name]: value };
    setForm(next);
    if (attempted) setErrors(validateRegisterForm(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registering) return;
    setAttempted(true);
    setFailure(null);
    const found = validateRegisterForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const parsed = registerFormSchema.parse(form);
    try {
      await register({ name: parsed.name, email: parsed.email, password: parsed.password }).unwrap();
      toast.success(messages.registered);
      void navigate(screens.login.path());
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      toast.error(message);
    }
  };

  const toggle = () => setShowPasswords((shown) => !shown);

  return (
    <AuthCard
      icon={<PersonAddRegular />}
      title="Create an Account"
      subtitle={`Register for the ${siteConfig.brandName} careers portal.`}
    >
      <title>{pageTitles.register}</title>
      <MessageBar intent="warning">
        <MessageBarBody>
          <MessageBarTitle>Important Notice</MessageBarTitle>
          Only administrators and the hiring team can log in. Anyone may register, but an administrator must
          grant your account access before you can sign in.
        </MessageBarBody>
      </MessageBar>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="Name" required validationMessage={errors.name}>
          <Input
            ref={nameInput}
            autoComplete="name"
            value={form.name}
            onChange={(_, data) => update('name')(data.value)}
          />
        </Field>
        <Field label="Email" required validationMessage={errors.email}>
          <Input
            ref={emailInput}
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(_, data) => update('email')(data.value)}
          />
        </Field>
        <Field
          label="Password"
          required
          validationMessage={errors.password}
          hint={errors.password ? undefined : `At least ${MIN_PASSWORD_LENGTH} characters.`}
        >
          <PasswordInput
            ref={passwordInput}
            autoComplete="new-password"
            value={form.password}
            onChange={(_, data) => update('password')(data.value)}
            visible={showPasswords}
            onToggleVisible={toggle}
          />
        </Field>
        <Field label="Confirm Password" required validationMessage={errors.confirmPassword}>
          <PasswordInput
            ref={confirmInput}
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(_, data) => update('confirmPassword')(data.value)}
            visible={showPasswords}
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
          disabled={registering}
          icon={registering ? <Spinner size="tiny" /> : undefined}
        >
          {registering ? 'Registering...' : 'Register'}
        </Button>
      </form>
      <p className={styles.footer}>
        Already have an account?{' '}
        <Link to={screens.login.path()} className={styles.link}>
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
