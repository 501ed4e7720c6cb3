import { screens } from '../../../shared/site/screen-routes';
import type { QueuedEmail } from '../email-outbox';
import type { MailOptions } from '../mail-options';
import { interviewLine } from '../../../shared/interviews/interview-line';
import type { MailedInterview } from './interview-emails';

/**
 * What a hiring manager is told by e-mail: that a job is theirs to hire for, and that an applicant
 * booked (moved, cancelled) an interview of it. As every e-mail to staff, nothing in them was
 * typed by an applicant, not even their name: the job's title as an administrator wrote it, the
 * time and place, and a link to the team's screens, where the rest is read signed in
 * (docs/security.md#e-mail-to-staff).
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

export type ManagerInterviewChange = 'booked' | 'moved' | 'cancelled';

const subjects: Record<ManagerInterviewChange, (jobTitle: string) => string> = {
  booked: (jobTitle) => `An interview is booked for ${jobTitle}`,
  moved: (jobTitle) => `An interview has moved for ${jobTitle}`,
  cancelled: (jobTitle) => `An interview is cancelled for ${jobTitle}`,
};

const openings: Record<ManagerInterviewChange, (jobTitle: string) => string> = {
  booked: (jobTitle) => `An applicant has booked an interview for the ${jobTitle} role, which you hire for:`,
  moved: (jobTitle) => `An applicant has moved their interview for the ${jobTitle} role. It is now:`,
  cancelled: (jobTitle) =>
    `An applicant has cancelled their interview for the ${jobTitle} role. It was to be:`,
};

/** An applicant's booking of an interview for a job the person hires for, or its later change. */
export function managerInterviewEmail(
  change: ManagerInterviewChange,
  manager: { name: string; email: string },
  interview: MailedInterview,
  options: MailOptions,
): QueuedEmail {
  return {
    to: manager.email,
    replyTo: options.careersMailbox,
    subject: subjects[change](interview.jobTitle),
    applicationId: interview.applicationId,
    text: [
      `Dear ${manager.name},`,
      '',
      openings[change](interview.jobTitle),
      '',
      interviewLine(interview),
      '',
      'The application, its interview and its scorecards are on the hiring team’s screens:',
      link(screens.teamApplication.path({ id: interview.applicationId }), options),
      '',
      ...signature(options),
    ].join('\n'),
  };
}
