import { formatUsDate } from '../../shared/format/date';
import { PRIVACY_NOTICE_PATH } from '../../shared/privacy/privacy-notice';
import type { Db } from '../db/database';
import type { EmailOutbox } from './email-outbox';
import { PRIVATE_LINK_PLACEHOLDER } from './private-link';

export interface NotifiedApplication {
  id: string;
  name: string;
  email: string;
  phone: string;
  jobTitle: string;
  about: string;
  createdAt: Date;
  cvSize: number;
}

/** The e-mails a stored application sends (built from the e-mail outbox where the server starts). */
export interface ApplicationMail {
  /** Queues the application's messages inside the transaction that stores it. */
  queue(tx: Db, application: NotifiedApplication): Promise<void>;
  /** Called once that transaction has committed. */
  queued(): void;
}

export interface ApplicationEmailOptions {
  careersMailbox: string;
  publicUrl: string;
  companyName: string;
}

/**
 * The two messages of one application: a confirmation to the applicant, with the private link to
 * their application (minted when it is sent), and a notice to the careers mailbox.
 */
export function applicationEmails(application: NotifiedApplication, options: ApplicationEmailOptions) {
  const confirmation = {
    to: application.email,
    replyTo: options.careersMailbox,
    subject: `We have received your application: ${application.jobTitle}`,
    privateLink: true,
    text: [
      `Dear ${application.name},`,
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

  const notice = {
    to: options.careersMailbox,
    replyTo: application.email,
    subject: `New application: ${application.name} for ${application.jobTitle}`,
    text: [
      `A new application has arrived for ${application.jobTitle}.`,
      '',
      `Name:       ${application.name}`,
      `E-mail:     ${application.email}`,
      `Phone:      ${application.phone}`,
      `Applied on: ${formatUsDate(application.createdAt)}`,
      `CV:         ${application.cvSize > 0 ? `PDF, ${Math.round(application.cvSize / 1024)} KB` : 'none'}`,
      '',
      'Cover letter:',
      application.about,
      '',
      `Open it in the dashboard: ${options.publicUrl}/dashboard/application/${application.id}`,
    ].join('\n'),
  };

  return [confirmation, notice];
}

/**
 * The first users of the e-mail outbox: both messages are queued in the transaction that stores
 * the application, so they go even if the applicant's browser never makes another call.
 */
export function applicationMail(
  outbox: Pick<EmailOutbox, 'enqueue' | 'wake'>,
  options: ApplicationEmailOptions,
): ApplicationMail {
  return {
    queue: (tx, application) =>
      outbox.enqueue(
        tx,
        applicationEmails(application, options).map((message) => ({
          ...message,
          applicationId: application.id,
        })),
      ),
    queued: () => outbox.wake(),
  };
}
