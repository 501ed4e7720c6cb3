import { formatDate } from '../../../shared/format/date';
import { PRIVACY_NOTICE_PATH } from '../../../shared/site/privacy-notice';
import type { QueuedEmail } from '../email-outbox';
import type { MailedApplication, MailOptions } from '../mail-options';
import { PRIVATE_LINK_PLACEHOLDER } from '../private-link';
import { NEUTRAL_GREETING } from './application-emails';

/** Confirms an applicant's own withdrawal to the address they applied with. */
export function withdrawalEmail(
  application: Pick<MailedApplication, 'id' | 'name' | 'email' | 'jobTitle'>,
  options: MailOptions,
): QueuedEmail {
  return {
    to: application.email,
    replyTo: options.careersMailbox,
    subject: `You have withdrawn your application: ${application.jobTitle}`,
    applicationId: application.id,
    text: [
      `Dear ${application.name},`,
      '',
      `You have withdrawn your application for the ${application.jobTitle} role at ${options.companyName}.`,
      'We will not consider it any further, and our team can see that you withdrew it.',
      '',
      'We keep your application and CV only for the time our privacy notice states, then delete',
      'them. If you would like them erased sooner, reply to this e-mail.',
      `Our privacy notice: ${options.publicUrl}${PRIVACY_NOTICE_PATH}`,
      '',
      'Thank you for your interest, and we wish you well.',
      '',
      'Kind regards,',
      `The ${options.companyName} careers team`,
    ].join('\n'),
  };
}

/**
 * A fresh private link to one application, asked for on the privacy page: sent to the address
 * stored with the application, and minted as it is sent (which retires the earlier link).
 */
export function lostLinkEmail(
  application: Pick<MailedApplication, 'id' | 'name' | 'email' | 'jobTitle' | 'createdAt'>,
  options: MailOptions,
): QueuedEmail {
  return {
    to: application.email,
    replyTo: options.careersMailbox,
    subject: `Your private link to your application: ${application.jobTitle}`,
    applicationId: application.id,
    privateLink: true,
    text: [
      NEUTRAL_GREETING,
      '',
      'You (or someone who typed your e-mail address on our privacy page) asked for a new link to',
      `your application for the ${application.jobTitle} role at ${options.companyName},`,
      `sent on ${formatDate(application.createdAt)}. Here it is:`,
      '',
      PRIVATE_LINK_PLACEHOLDER,
      '',
      'Through it you can see where your application stands, withdraw it, or have your data',
      'erased. Any link we sent you before for this application no longer works. Keep this one',
      'to yourself: anyone who has it can do the same.',
      '',
      'If you did not ask for this, you can ignore this e-mail.',
      '',
      'Kind regards,',
      `The ${options.companyName} careers team`,
    ].join('\n'),
  };
}
