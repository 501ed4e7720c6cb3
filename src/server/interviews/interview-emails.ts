import { agreedAdjustmentLine } from '../../shared/adjustments/adjustments-contract';
import { interviewLine } from '../../shared/interviews/interview-line';
import { screens } from '../../shared/site/screen-routes';
import type { QueuedEmail } from '../email/email-outbox';
import type { MailedApplication, MailOptions } from '../email/mail-options';
import type { CalendarInvitation } from '../email/mailer';
import { PRIVATE_LINK_PLACEHOLDER } from '../email/private-link';

/** One interview time as the e-mails write it. */
export interface MailedSlot {
  startsAt: Date;
  durationMinutes: number;
  place: string;
}

const signature = (options: MailOptions) => ['Kind regards,', `The ${options.companyName} careers team`];

/**
 * The applicant is asked to choose an interview time, through a fresh private link minted as the
 * message is sent (which retires the link before, as every e-mail carrying one does).
 */
export function interviewSlotsOfferedEmail(
  application: Pick<MailedApplication, 'id' | 'name' | 'email' | 'jobTitle'>,
  slots: MailedSlot[],
  options: MailOptions,
): QueuedEmail {
  return {
    to: application.email,
    replyTo: options.careersMailbox,
    subject: `Choose a time for your interview: ${application.jobTitle}`,
    applicationId: application.id,
    privateLink: true,
    text: [
      `Dear ${application.name},`,
      '',
      `We would like to meet you to talk about the ${application.jobTitle} role at ${options.companyName}.`,
      'Please choose one of these times (UK time) on your application’s page:',
      '',
      ...slots.map((slot) => `- ${interviewLine(slot)}`),
      '',
      PRIVATE_LINK_PLACEHOLDER,
      '',
      'There you can also tell us about any adjustment you need for the interview, and move or',
      'cancel it until 24 hours before. Any earlier link to your application no longer works; keep',
      'this one to yourself.',
      '',
      ...signature(options),
    ].join('\n'),
  };
}

export type InterviewChange = 'booked' | 'moved' | 'cancelled' | 'reminder';

const subjects: Record<InterviewChange, (jobTitle: string) => string> = {
  booked: (jobTitle) => `Interview booked: ${jobTitle}`,
  moved: (jobTitle) => `Interview moved: ${jobTitle}`,
  cancelled: (jobTitle) => `Interview cancelled: ${jobTitle}`,
  reminder: (jobTitle) => `Reminder: your interview tomorrow: ${jobTitle}`,
};

const applicantLines: Record<InterviewChange, string> = {
  booked: 'Your interview is booked:',
  moved: 'Your interview has moved. It is now:',
  cancelled: 'Your interview has been cancelled. It was to be:',
  reminder: 'A reminder of your interview:',
};

/**
 * The applicant's first line when the hiring team moved or cancelled the interview for them: said
 * in words, so a change they did not make is never read as their own.
 */
const applicantLinesByTeam: Partial<Record<InterviewChange, string>> = {
  moved: 'We have moved your interview to a new time:',
  cancelled: 'We have cancelled your interview. It was to be:',
};

/** Who made a change: the applicant through their private link, or the hiring team for them. */
export type ChangedBy = 'applicant' | 'team';

const interviewerLines: Record<InterviewChange, string> = {
  booked: 'An interview has been booked with you:',
  moved: 'An interview of yours has moved. It is now:',
  cancelled: 'An interview of yours has been cancelled. It was to be:',
  reminder: 'A reminder of your interview:',
};

/** What an interview e-mail is written from: the stored booking, never what a request sent. */
export interface MailedInterview extends MailedSlot {
  applicationId: string;
  jobTitle: string;
  /** What the adjustments contact agreed for the interviewers, in the contact's words. */
  agreedAdjustment: string | null;
}

/**
 * An interview booked, moved, cancelled or coming tomorrow, to the applicant or an interviewer,
 * with the calendar invitation when there is one (a reminder has none: the event is unchanged).
 * The applicant is told when the hiring team made the change for them (`changedBy`).
 *
 * An interviewer's e-mail holds nothing the applicant typed, not even their name (a name can be
 * 200 characters of anything, sent from the careers mailbox to a colleague's inbox): the job, the
 * time and place, the adjustment the adjustments contact agreed, and a link to the application on
 * the team's screens, where its details are (docs/security.md#e-mail-to-staff).
 */
export function interviewChangeEmail(
  change: InterviewChange,
  to: { name: string; email: string; role: 'applicant' | 'interviewer' },
  interview: MailedInterview,
  calendar: CalendarInvitation | undefined,
  options: MailOptions,
  changedBy: ChangedBy = 'applicant',
): QueuedEmail {
  const applicant = to.role === 'applicant';
  const lines = applicant
    ? [
        `Dear ${to.name},`,
        '',
        (changedBy === 'team' && applicantLinesByTeam[change]) || applicantLines[change],
        '',
        `${interview.jobTitle} at ${options.companyName}`,
        interviewLine(interview),
        '',
        change === 'cancelled'
          ? 'If you would like another time, reply to this e-mail.'
          : 'You can move or cancel it through your application’s private link until 24 hours before; after that, reply to this e-mail.',
      ]
    : [
        `Dear ${to.name},`,
        '',
        interviewerLines[change],
        '',
        `An interview for the ${interview.jobTitle} role`,
        interviewLine(interview),
        ...(interview.agreedAdjustment && change !== 'cancelled'
          ? ['', agreedAdjustmentLine(interview.agreedAdjustment)]
          : []),
        '',
        ...(change === 'cancelled'
          ? [
              'Your access to the application ends with the interview, unless an administrator or the',
              'hiring manager gave it to you as well. The application, while it is yours:',
            ]
          : [
              'The application is on the hiring team’s screens, with the interview first; your',
              'scorecard opens there when the interview starts:',
            ]),
        `${options.publicUrl}${screens.teamApplication.path({ id: interview.applicationId })}`,
        'It opens in the desktop console too: Your work, then the application.',
      ];
  return {
    to: to.email,
    replyTo: options.careersMailbox,
    subject: subjects[change](interview.jobTitle),
    applicationId: interview.applicationId,
    text: [...lines, '', ...signature(options)].join('\n'),
    ...(calendar ? { calendar } : {}),
  };
}

/**
 * Tells the adjustments contact that an applicant asked for an adjustment when booking their
 * interview, without what they asked or who they are, as the notice of an application's request
 * does: the request is read on the contact's own screen (docs/security.md#adjustments).
 */
export function interviewAdjustmentNoticeEmail(
  interview: { applicationId: string; jobTitle: string },
  options: MailOptions,
  contact: string,
): QueuedEmail {
  return {
    to: contact,
    subject: `An applicant for ${interview.jobTitle} asked for an interview adjustment`,
    applicationId: interview.applicationId,
    text: [
      `An applicant for ${interview.jobTitle} has asked for an adjustment for their interview.`,
      '',
      `Sign in to read it (only you can): ${options.publicUrl}${screens.adjustments.path()}`,
      '',
      'The interviewers and the hiring manager see only what you write there as agreed.',
    ].join('\n'),
  };
}

/**
 * What a hiring manager is told when an applicant books (moves, cancels) an interview of a job
 * they hire for: nothing an applicant typed, not even their name; the job's title as an
 * administrator wrote it, the time and place, and a link to the team's screens
 * (docs/security.md#e-mail-to-staff).
 */
export type ManagerInterviewChange = 'booked' | 'moved' | 'cancelled';

const managerSubjects: Record<ManagerInterviewChange, (jobTitle: string) => string> = {
  booked: (jobTitle) => `An interview is booked for ${jobTitle}`,
  moved: (jobTitle) => `An interview has moved for ${jobTitle}`,
  cancelled: (jobTitle) => `An interview is cancelled for ${jobTitle}`,
};

const managerOpenings: Record<ManagerInterviewChange, (jobTitle: string) => string> = {
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
    subject: managerSubjects[change](interview.jobTitle),
    applicationId: interview.applicationId,
    text: [
      `Dear ${manager.name},`,
      '',
      managerOpenings[change](interview.jobTitle),
      '',
      interviewLine(interview),
      '',
      'The application, its interview and its scorecards are on the hiring team’s screens:',
      `${options.publicUrl}${screens.teamApplication.path({ id: interview.applicationId })}`,
      '',
      ...signature(options),
    ].join('\n'),
  };
}
