import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, Field, Input, MessageBarBody, Spinner } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { LockClosedRegular } from '@fluentui/react-icons/headless/svg/lock-closed';
import { ShieldKeyholeRegular } from '@fluentui/react-icons/headless/svg/shield-keyhole';
import { loginSchema, type LoginAnswer } from '../../../shared/auth/auth-contract';
import type { TwoFactorEnabledAnswer, TwoFactorSetupAnswer } from '../../../shared/auth/account-contract';
import { siteConfig } from '../../../shared/site/site-config';
import { useAppDispatch, useOnAction } from '../../store/hooks';
import { useTypedBeforeStart } from '../../lib/use-typed-before-start';
import { errorMessage } from '../../store/api-error';
import { AuthCard } from './auth-card';
import { signedIn, startSession } from '../../store/session-slice';
import { sessionStartFailed } from '../../store/session-events';
import { useAccountRoleQuery, useLoginMutation } from '../../store/session-api';
import { PasswordInput } from './password-input';
import { useSetUpTwoFactorMutation } from './account-api';
import { TwoFactorStep } from './two-factor-step';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { RecoveryCodes } from './recovery-codes';
import { useStyles } from './login-page.styles';
import { emailFrom, landingPath, secondStepFrom } from './landing-path';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { screens } from '../../../shared/site/screen-routes';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * Where the login stands after the password: asking for the code (`verify`), or walking an
 * administrator who must have a second factor through setting it up (`setup`, then `enabled` with
 * the recovery codes to save before going on).
 */
type SecondStep =
  | { kind: 'verify'; challenge: string }
  | { kind: 'setup'; challenge: string; setup: TwoFactorSetupAnswer }
  | { kind: 'enabled'; enabled: TwoFactorEnabledAnswer };

export function LoginPage() {
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [login, loginCall] = useLoginMutation();
  // A token answered: the store is starting the session (store.ts), and this screen leaves once it has.
  const startingSession = loginCall.data !== undefined && 'token' in loginCall.data;
  const signingIn = loginCall.isLoading || startingSession;
  // A password just set through a link hands its address over, so only the password is left to type.
  const [email, setEmail] = useState(() => emailFrom(location.state));
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [second, setSecond] = useState<SecondStep | null>(null);
  const [setUpTwoFactor] = useSetUpTwoFactorMutation();
  // The server draws this screen: what is typed or autofilled before the app runs is kept.
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useTypedBeforeStart([
    [emailInput, setEmail],
    [passwordInput, setPassword],
  ]);

  // Signed in, from the password alone or after the second step: once the server has said what
  // the account may do, go where the login was heading if the role may open it, else to its work.
  // Where it was heading is taken at that moment, and the move made once.
  const [arrival, setArrival] = useState<{ email: string; state: unknown } | null>(null);
  const role = useAccountRoleQuery(arrival?.email ?? skipToken);
  useOnAction(signedIn, (user) => setArrival({ email: user.email, state: location.state }));
  const settled = role.isSuccess || role.isError;
  const landing = arrival && settled ? landingPath(role.data ?? 'user', arrival.state) : null;
  const landed = useRef(false);
  useEffect(() => {
    if (landing === null || landed.current) return;
    landed.current = true;
    void navigate(landing, { replace: true });
  }, [landing, navigate]);
  useOnAction(sessionStartFailed, (message) => {
    loginCall.reset();
    setFailure(message);
  });

  /** Keeps the token the second step answered; the session's start takes the user on. */
  const finish = async (token: string) => {
    await dispatch(startSession(token));
  };

  /** Asks for the code, or starts setting up a first second factor, for this challenge. */
  const beginSecondStep = async ({ kind, challenge }: { kind: 'verify' | 'setup'; challenge: string }) => {
    if (kind === 'verify') {
      setSecond({ kind, challenge });
      return;
    }
    try {
      const setup = await setUpTwoFactor({ challenge }).unwrap();
      setSecond({ kind, challenge, setup });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  // A first password just set through an invitation hands its second step over: it starts here,
  // once, without the password being asked again.
  const handedOver = useRef(secondStepFrom(location.state));
  useEffect(() => {
    const step = handedOver.current;
    handedOver.current = null;
    if (step) void beginSecondStep(step);
    // Once, on arrival: the step handed over is read from the first location only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const startAgain = () => {
    setSecond(null);
    setPassword('');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signingIn) return;
    setFailure(null);
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    let answer: LoginAnswer;
    try {
      answer = await login(parsed.data).unwrap();
    } catch (error) {
      setFailure(errorMessage(error));
      return;
    }
    if ('token' in answer) return;
    await beginSecondStep({
      kind: 'twoFactorRequired' in answer ? 'verify' : 'setup',
      challenge: answer.challenge,
    });
  };

  if (second?.kind === 'verify') {
    return (
      <AuthCard
        icon={<ShieldKeyholeRegular />}
        title="Two-step verification"
        subtitle="Enter the code from your authenticator app to finish logging in."
        step="verify"
      >
        <title>{`Two-step verification | ${siteConfig.brandName} Careers`}</title>
        <TwoFactorStep challenge={second.challenge} onSignedIn={finish} onStartAgain={startAgain} />
      </AuthCard>
    );
  }

  if (second?.kind === 'setup' || second?.kind === 'enabled') {
    return (
      <AuthCard
        icon={<ShieldKeyholeRegular />}
        title="Set up two-step verification"
        subtitle="Everyone who logs in here must use two-step verification. Set it up now to finish logging in."
        step={second.kind}
      >
        <title>{`Set up two-step verification | ${siteConfig.brandName} Careers`}</title>
        {second.kind === 'setup' ? (
          <TwoFactorEnrolment
            setup={second.setup}
            challenge={second.challenge}
            onEnabled={(enabled) => setSecond({ kind: 'enabled', enabled })}
            onCancel={startAgain}
          />
        ) : (
          <>
            <RecoveryCodes codes={second.enabled.recoveryCodes} email={email.trim().toLowerCase()} />
            <Button
              appearance="primary"
              size="large"
              onClick={() => {
                const { token } = second.enabled;
                if (!token) return;
                finish(token).catch((error: unknown) => {
                  startAgain();
                  setFailure(errorMessage(error, 'Login failed. Please try again.'));
                });
              }}
            >
              I have saved my recovery codes: continue
            </Button>
          </>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<LockClosedRegular />}
      title="Login"
      subtitle={`Sign in to manage ${siteConfig.brandName} job posts and applications.`}
      step="password"
    >
      <title>{`Login | ${siteConfig.brandName} Careers`}</title>
      {/* Multiline from the start: the page is drawn by the server, before Fluent measures the bar. */}
      <UntitledMessageBar intent="info" layout="multiline" icon={<ShieldKeyholeRegular />}>
        <MessageBarBody>Administrators and the hiring team log in here.</MessageBarBody>
      </UntitledMessageBar>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="Email" required validationMessage={errors.email}>
          <Input
            ref={emailInput}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(_, data) => setEmail(data.value)}
          />
        </Field>
        <Field label="Password" required validationMessage={errors.password}>
          <PasswordInput
            ref={passwordInput}
            autoComplete="current-password"
            value={password}
            onChange={(_, data) => setPassword(data.value)}
            visible={showPassword}
            onToggleVisible={() => setShowPassword((shown) => !shown)}
          />
        </Field>
        <p className={styles.forgot}>
          <Link to={screens.forgotPassword.path()} className={styles.link}>
            Forgot password?
          </Link>
        </p>
        {failure && (
          <UntitledMessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </UntitledMessageBar>
        )}
        <Button
          type="submit"
          appearance="primary"
          size="large"
          disabled={signingIn}
          icon={signingIn ? <Spinner size="tiny" /> : undefined}
        >
          {signingIn ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      <p className={styles.footer}>
        New here?{' '}
        <Link to={screens.register.path()} className={styles.link}>
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
