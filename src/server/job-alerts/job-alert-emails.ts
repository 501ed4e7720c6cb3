import { formatClosingDate } from '../../shared/jobs/closing-date';
import { formatDate } from '../../shared/format/date';
import {
  CONFIRMATION_LINK_HOURS,
  FREQUENCY_WORDS,
  type AlertFrequency,
} from '../../shared/job-alerts/job-alerts-contract';
import { apiPaths } from '../../shared/http/api-routes';
import { screens } from '../../shared/site/screen-routes';
import type { QueuedEmail } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import { mintedLinkPlaceholder } from '../email/private-link';

/** The kinds of link the outbox mints for these e-mails as they go (job-alerts-module.ts). */
export const CONFIRM_LINK = 'job-alert-confirm';
export const MANAGE_LINK = 'job-alert';

/** The outbox's minters of these links (start-server.ts hands them to it). */
export const jobAlertLinkMinters = (alerts: {
  mintConfirmation(id: string): Promise<string | undefined>;
  mintManageLink(id: string): Promise<string | undefined>;
}) => ({
  [CONFIRM_LINK]: (id: string) => alerts.mintConfirmation(id),
  [MANAGE_LINK]: (id: string) => alerts.mintManageLink(id),
});

type Mail = Pick<MailOptions, 'publicUrl' | 'brandName' | 'careersMailbox'>;

const manageUrl = (mail: Mail, alertId: string) =>
  `${mail.publicUrl}${screens.jobAlertManage.base}${mintedLinkPlaceholder(MANAGE_LINK, alertId)}`;

/**
 * RFC 8058's one-click unsubscribe: an HTTPS address a mail program may POST
 * `List-Unsubscribe=One-Click` to, with no login and no cookie (job-alerts-routes.ts).
 */
const unsubscribeHeaders = (mail: Mail, alertId: string): Record<string, string> => ({
  'List-Unsubscribe': `<${mail.publicUrl}/api${apiPaths.jobAlertUnsubscribe.pattern.replace(
    ':token',
    mintedLinkPlaceholder(MANAGE_LINK, alertId),
  )}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const often = (frequency: AlertFrequency) => FREQUENCY_WORDS[frequency].toLowerCase();

/**
 * The double opt-in: only the search in words (from known filter values) and the frequency, never
 * what was typed, since anyone can sign any address up (docs/security.md#job-alerts).
 */
export function confirmationEmail(
  mail: Mail,
  alert: { id: string; email: string; description: string; frequency: AlertFrequency },
): QueuedEmail {
  // Built by hand: path() would encode the placeholder the outbox looks for.
  const url = `${mail.publicUrl}${screens.jobAlertConfirm.base}${mintedLinkPlaceholder(CONFIRM_LINK, alert.id)}`;
  return {
    to: alert.email,
    subject: `Confirm your job alert from ${mail.brandName} Careers`,
    text: [
      'Hello,',
      '',
      `Someone, we hope you, asked our careers site to e-mail this address about new jobs: ${alert.description}, ${often(alert.frequency)}.`,
      '',
      `To start the alert, open this link within ${CONFIRMATION_LINK_HOURS / 24} days and confirm:`,
      url,
      '',
      'If it was not you, ignore this e-mail: without your confirmation we send nothing more, and we delete the request within a week.',
      '',
      `${mail.brandName} Careers`,
    ].join('\n'),
    mintedLinks: true,
  };
}

export interface AlertedJob {
  id: string;
  jobTitle: string;
  closingDate: string | null;
}

/** At most this many jobs of each list; the rest are one link away, on the careers page. */
export const LISTED_JOBS = 10;

const jobLines = (mail: Mail, jobs: readonly AlertedJob[], closing: boolean) =>
  jobs
    .slice(0, LISTED_JOBS)
    .flatMap((job) => [
      `- ${job.jobTitle}${closing && job.closingDate ? ` (closes ${formatClosingDate(job.closingDate)})` : ''}`,
      `  ${mail.publicUrl}${screens.apply.path({ id: job.id })}`,
    ]);

/** One alert's e-mail: the new matching jobs, then those closing within 48 hours. */
export function alertEmail(
  mail: Mail,
  alert: { id: string; email: string; query: string; description: string; frequency: AlertFrequency },
  fresh: readonly AlertedJob[],
  closing: readonly AlertedJob[],
): QueuedEmail {
  const subject =
    fresh.length === 1
      ? `New job: ${fresh[0]!.jobTitle}`
      : fresh.length > 1
        ? `${fresh.length} new jobs for your alert`
        : 'Jobs closing soon for your alert';
  return {
    to: alert.email,
    subject,
    text: [
      'Hello,',
      '',
      `Your job alert: ${alert.description}.`,
      ...(fresh.length > 0 ? ['', 'New jobs:', ...jobLines(mail, fresh, false)] : []),
      ...(closing.length > 0 ? ['', 'Closing within 48 hours:', ...jobLines(mail, closing, true)] : []),
      ...(fresh.length > LISTED_JOBS || closing.length > LISTED_JOBS
        ? ['', 'Every job of your search:', `${mail.publicUrl}${screens.home.path()}${alert.query}`]
        : []),
      '',
      `You get these e-mails ${often(alert.frequency)} because you asked for them on our careers site.`,
      'Change the search, how often, pause or delete the alert:',
      manageUrl(mail, alert.id),
      '',
      `${mail.brandName} Careers`,
    ].join('\n'),
    headers: unsubscribeHeaders(mail, alert.id),
    mintedLinks: true,
  };
}

/** After a year with no click: asks once whether to go on. */
export function keepAskEmail(
  mail: Mail,
  alert: { id: string; email: string; description: string },
  endsOn: Date,
): QueuedEmail {
  return {
    to: alert.email,
    subject: 'Do you still want your job alert?',
    text: [
      'Hello,',
      '',
      `You have had a job alert from us for a year (${alert.description}), and we have not seen you open it since.`,
      '',
      `To keep it, open this link by ${formatDate(endsOn)}:`,
      manageUrl(mail, alert.id),
      '',
      'If we do not hear from you, the alert ends then and we delete it.',
      '',
      `${mail.brandName} Careers`,
    ].join('\n'),
    headers: unsubscribeHeaders(mail, alert.id),
    mintedLinks: true,
  };
}
