import { formatDate } from '../../../shared/format/date';
import { PRIVACY_NOTICE_PATH } from '../../../shared/site/privacy-notice';
import { screens } from '../../../shared/site/screen-routes';
import type { MailedApplication, MailOptions } from '../mail-options';
import { PRIVATE_LINK_PLACEHOLDER } from '../private-link';

/**
 * The greeting of a message that anyone can have sent to any address (by applying with it, or
 * asking for a lost link): it holds none of the text they typed, so the careers mailbox never
 * carries a stranger's words ("your account is on hold, verify at...") to someone else's inbox
 * (docs/security.md#e-mail-to-addresses-anyone-can-type).
 */
export const NEUTRAL_GREETING = 'Dear applicant,';

/**
 * The messages of one application: a confirmation to the applicant, with the private link to
 * their application (minted when it is sent), and a notice to the careers mailbox, which names
 * the job and links to the application. Without `confirm` (the address has had its share of
 * confirmations) only the notice goes, saying so.
 */
export function applicationEmails(
  application: MailedApplication,
  options: MailOptions,
  { confirm = true }: { confirm?: boolean } = {},
) {
  const confirmation = {
    to: application.email,
    replyTo: options.careersMailbox,
    subject: `We have received your application: ${application.jobTitle}`,
    privateLink: true,
    text: [
      NEUTRAL_GREETING,
      '',
      `Thank you for applying for the ${application.jobTitle} role at ${options.companyName}.`,
      'We have received your application and CV. Our team will review them, and if your',
      'qualifications match the role we will contact you to arrange the next steps.',
      '',
      'You can see where your application stands, withdraw it, or have your data erased, at any',
      'time through your private link:',
      '',
      PRIVATE_LINK_PLACEHOLDER,
      '',
      'Keep it to yourself: anyone who has it can do the same. If you lose it, you can ask for a',
      `new one on our privacy page: ${options.publicUrl}${PRIVACY_NOTICE_PATH}`,
      '',
      `If you have any questions, reply to this e-mail or write to ${options.careersMailbox}.`,
      '',
      'Kind regards,',
      `The ${options.companyName} careers team`,
    ].join('\n'),
  };

  // To staff: nothing the applicant typed, not even their name or address (a name can be 200
  // characters of anything, and this goes from the careers mailbox to a colleague's inbox); who
  // applied, and what they wrote, is read in the dashboard (docs/security.md#e-mail-to-staff).
  const notice = {
    to: options.careersMailbox,
    subject: `New application for ${application.jobTitle}`,
    text: [
      `A new application has arrived for ${application.jobTitle}.`,
      '',
      `Applied on: ${formatDate(application.createdAt)}`,
      `CV:         ${application.cvSize > 0 ? `PDF, ${Math.round(application.cvSize / 1024)} KB` : 'none'}`,
      '',
      ...(confirm
        ? []
        : [
            'No confirmation was e-mailed to the applicant: their address has had as many as it may',
            'get within the hour or the day. They can ask for a link to their application on the',
            `privacy page: ${options.publicUrl}${PRIVACY_NOTICE_PATH}`,
            '',
          ]),
      'The applicant, their cover letter and their CV are in the dashboard:',
      `${options.publicUrl}/dashboard/application/${application.id}`,
    ].join('\n'),
  };

  return confirm ? [confirmation, notice] : [notice];
}

/**
 * Tells the adjustments contact that an applicant asked for an adjustment (or opted in to the
 * Disability Confident scheme), without what they asked or who they are: e-mail passes through
 * other hands, and the request is read on the contact's own screen (docs/security.md#adjustments).
 */
export function adjustmentsNoticeEmail(
  application: Pick<MailedApplication, 'jobTitle'>,
  options: MailOptions,
  contact: string,
) {
  return {
    to: contact,
    subject: `An applicant for ${application.jobTitle} asked for an adjustment`,
    text: [
      `An applicant for ${application.jobTitle} has asked for an adjustment to apply or to be`,
      'interviewed, or to be considered under the Disability Confident scheme.',
      '',
      `Sign in to read it (only you can): ${options.publicUrl}${screens.adjustments.path()}`,
    ].join('\n'),
  };
}
