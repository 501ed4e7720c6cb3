import type { MailOptions } from '../email/mail-options';
import type { MailMessage } from '../email/mailer';

/** How long a reset link works (docs/security.md#password-reset-by-e-mail). */
export const RESET_LINK_LIFETIME_MINUTES = 30;

/**
 * The e-mail with a password reset link. It goes to the account's stored address only, and is
 * sent straight through the mailer rather than queued in the e-mail outbox: the outbox keeps
 * message bodies in the database, and the link must exist nowhere but in this e-mail.
 */
export function passwordResetEmail(
  account: { email: string; name: string },
  link: string,
  options: Pick<MailOptions, 'brandName' | 'companyName'>,
): MailMessage {
  return {
    to: account.email,
    subject: `Reset your ${options.brandName} careers password`,
    text: [
      `Hello ${account.name},`,
      '',
      `Someone asked to reset the password of the ${options.brandName} careers account for ${account.email}.`,
      '',
      `To choose a new password, open this link within ${RESET_LINK_LIFETIME_MINUTES} minutes:`,
      link,
      '',
      'The link works once. If you did not ask for this, you can ignore this e-mail: your password',
      'stays as it is.',
      '',
      options.companyName,
    ].join('\n'),
  };
}
