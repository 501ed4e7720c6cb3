import type { MailOptions } from '../email/mail-options';
import type { MailMessage } from '../email/mailer';

/** How long an invitation's link works: long enough to be read after a weekend. */
export const INVITATION_LINK_LIFETIME_HOURS = 72;

/**
 * The invitation to the hiring team, with its single-use link to choose a password. Like a reset
 * link it goes straight through the mailer, never into the outbox, so the link is stored nowhere
 * but as a digest (docs/security.md#the-hiring-team). Every word of it comes from the
 * administrators or the product: `invited` is the address and name the administrator typed, never
 * a name an account registered under that address chose, which the company's own e-mail must not
 * carry to its owner.
 */
export function teamInvitationEmail(
  invited: { email: string; name: string },
  roleLabel: string,
  invitedBy: string,
  link: string,
  options: Pick<MailOptions, 'brandName' | 'companyName'>,
): MailMessage {
  return {
    to: invited.email,
    subject: `You are invited to the ${options.brandName} hiring team`,
    text: [
      `Hello ${invited.name},`,
      '',
      `${invitedBy} has invited you to the ${options.brandName} hiring team as a ${roleLabel.toLowerCase()}.`,
      'You will see only the jobs and applications you are assigned to.',
      '',
      `To choose your password, open this link within ${INVITATION_LINK_LIFETIME_HOURS} hours:`,
      link,
      '',
      'The link works once. If you were not expecting this, you can ignore this e-mail.',
      '',
      options.companyName,
    ].join('\n'),
  };
}
