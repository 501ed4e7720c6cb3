import { formatClosingDate } from '../../shared/jobs/closing-date';
import { screens } from '../../shared/site/screen-routes';
import type { QueuedEmail } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';

/** A right-to-work follow-up that has come: what its reminder names. */
export interface FollowUpReminder {
  applicationId: string;
  jobTitle: string;
  followUpOn: string;
  checkedByEmail: string;
  checkedByName: string;
}

/**
 * The reminder that a time-limited right to work must be checked again: to the administrator who
 * recorded the check and to the careers mailbox (HR's), since the checker may have left. It goes
 * with the application (its outbox rows are the application's). It names the job, the date and the
 * application's link, never the applicant: their name is text they typed, and this goes to staff
 * (docs/security.md#e-mail-to-staff).
 */
export function followUpReminderEmails(due: FollowUpReminder, options: MailOptions): QueuedEmail[] {
  const link = new URL(screens.application.path({ id: due.applicationId }), options.publicUrl).href;
  const text = [
    'Hello,',
    '',
    `A right-to-work check for the ${due.jobTitle} role was time-limited, and its follow-up check is due on ${formatClosingDate(due.followUpOn)}.`,
    'Check it again before that permission ends, and record the new check and its evidence on the application:',
    link,
    '',
    `The last check was recorded by ${due.checkedByName}.`,
    '',
    options.companyName,
  ].join('\n');
  const recipients = [...new Set([due.checkedByEmail, options.careersMailbox])];
  return recipients.map((to) => ({
    to,
    subject: `Right-to-work follow-up due ${formatClosingDate(due.followUpOn)}: ${due.jobTitle}`,
    text,
    applicationId: due.applicationId,
  }));
}
