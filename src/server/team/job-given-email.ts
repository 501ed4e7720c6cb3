import { screens } from '../../shared/site/screen-routes';
import type { QueuedEmail } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';

/**
 * What a hiring manager is told by e-mail when a job becomes theirs to hire for (their interviews'
 * news is the interviews domain's: interviews/interview-emails.ts). As every e-mail to staff,
 * nothing in it was typed by an applicant (docs/security.md#e-mail-to-staff).
 */

const signature = (options: MailOptions) => ['Kind regards,', `The ${options.companyName} careers team`];

const link = (path: string, options: MailOptions) => new URL(path, options.publicUrl).href;

/** An administrator made the person the hiring manager of a job. */
export function jobGivenEmail(
  manager: { name: string; email: string },
  job: { id: string; jobTitle: string; mayDecide: boolean },
  options: MailOptions,
): QueuedEmail {
  return {
    to: manager.email,
    replyTo: options.careersMailbox,
    subject: `You are hiring for ${job.jobTitle}`,
    text: [
      `Dear ${manager.name},`,
      '',
      `You are now the hiring manager of the ${job.jobTitle} role.`,
      job.mayDecide
        ? 'You may move its applications on to Hired or Rejected yourself.'
        : 'You move its applications between stages; an administrator decides Hired or Rejected.',
      '',
      'Its applications, by stage, are on the hiring team’s screens:',
      link(screens.teamJob.path({ id: job.id }), options),
      '',
      ...signature(options),
    ].join('\n'),
  };
}
