import { ResetPasswordPage } from './reset-password-page';

/**
 * The screen an invitation to the hiring team opens (`/welcome/<token>`): the reset form, worded
 * as a first password. The link is a reset link with a longer life (docs/security.md#the-hiring-team).
 */
export function WelcomePage() {
  return <ResetPasswordPage invitation />;
}
