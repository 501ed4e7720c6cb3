import { formatInterviewTime } from '../../../shared/interviews/london-time';
import type { QueuedEmail } from '../email-outbox';
import type { MailedApplication, MailOptions } from '../mail-options';
import type { CalendarInvitation } from '../mailer';
import { PRIVATE_LINK_PLACEHOLDER } from '../private-link';

/** One interview time as the e-mails write it. */
export interface MailedSlot {
  startsAt: Date;
  durationMinutes: number;
  place: string;
}

const when = (slot: MailedSlot) =>
  `${formatInterviewTime(slot.startsAt)} (${slot.durationMinutes} minutes), ${slot.place}`;

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
      ...slots.map((slot) => `- ${when(slot)}`),
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

const interviewerLines: Record<InterviewChange, string> = {
  booked: 'An interview has been booked with you:',
  moved: 'An interview of yours has moved. It is now:',
  cancelled: 'An interview of yours has been cancelled. It was to be:',
  reminder: 'A reminder of your interview:',
};

/**
 * An interview booked, moved, cancelled or coming tomorrow, to the applicant or an interviewer,
 * with the calendar invitation when there is one (a reminder has none: the event is unchanged).
 */
export function interviewChangeEmail(
  change: InterviewChange,
  to: { name: string; email: string; role: 'applicant' | 'interviewer' },
  interview: MailedSlot & {
    applicationId: string;
    jobTitle: string;
    applicantName: string;
    adjustments: string | null;
  },
  calendar: CalendarInvitation | undefined,
  options: MailOptions,
): QueuedEmail {
  const applicant = to.role === 'applicant';
  const lines = applicant
    ? [
        `Dear ${to.name},`,
        '',
        applicantLines[change],
        '',
        `${interview.jobTitle} at ${options.companyName}`,
        when(interview),
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
        `${interview.applicantName}, for the ${interview.jobTitle} role`,
        when(interview),
        ...(interview.adjustments && change !== 'cancelled'
          ? ['', 'The applicant asked for an adjustment:', interview.adjustments]
          : []),
        '',
        change === 'cancelled'
          ? 'Your access to this application ends with the interview.'
          : 'After the interview, fill in your scorecard in the hiring team’s screens.',
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
