import type { MailOptions } from '../email/mail-options';
import type { QueuedEmail } from '../email/email-outbox';
import { screens } from '../../shared/site/screen-routes';

/** One job's overdue applications, as the digest lists them. */
export interface OverdueJob {
  jobId: string | null;
  jobTitle: string;
  count: number;
}

/**
 * The daily digest to an administrator: each job with applications past their stage's limit,
 * how many, and a link to them in the dashboard. Nothing an applicant typed, not even a name
 * (docs/security.md#e-mail-to-staff).
 */
export function overdueDigestEmail(
  to: string,
  jobs: readonly OverdueJob[],
  options: MailOptions,
): QueuedEmail {
  const total = jobs.reduce((sum, job) => sum + job.count, 0);
  const list = `${options.publicUrl}${screens.applications.path()}`;
  return {
    to,
    subject: `${total} ${total === 1 ? 'application is' : 'applications are'} past their time limit`,
    text: [
      `${total} ${total === 1 ? 'application has' : 'applications have'} waited longer than their stage's time limit:`,
      '',
      ...jobs.flatMap((job) => [
        `${job.jobTitle}: ${job.count} overdue`,
        job.jobId ? `${list}?job=${encodeURIComponent(job.jobId)}` : list,
        '',
      ]),
      `The time limits are set in the dashboard: ${options.publicUrl}${screens.responseTimes.path()}`,
    ].join('\n'),
  };
}

/** The short e-mail an applicant gets when their stage's limit has been missed twice. */
export function holdingEmail(
  application: { id: string; email: string; jobTitle: string },
  line: string,
  options: MailOptions,
): QueuedEmail {
  return {
    to: application.email,
    replyTo: options.careersMailbox,
    applicationId: application.id,
    subject: `Your application: ${application.jobTitle}`,
    text: [
      'Dear applicant,',
      '',
      `Thank you for your patience with your application for the ${application.jobTitle} role.`,
      line,
      '',
      'Kind regards,',
      `The ${options.companyName} careers team`,
    ].join('\n'),
  };
}
