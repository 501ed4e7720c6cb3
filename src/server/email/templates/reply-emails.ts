import {
  fillReplyTemplate,
  firstNameOf,
  type ReplyTemplate,
  type ReplyValues,
} from '../../../shared/applications/reply-contract';
import type { QueuedEmail } from '../email-outbox';
import type { MailedApplication, MailOptions } from '../mail-options';

/** What a reply is filled from: the stored application, never anything a client sent. */
export type RepliedApplication = Pick<MailedApplication, 'id' | 'name' | 'email' | 'jobTitle'>;

export const replyValues = (application: RepliedApplication, options: MailOptions): ReplyValues => ({
  firstName: firstNameOf(application.name),
  fullName: application.name,
  jobTitle: application.jobTitle,
  companyName: options.companyName,
  careersUrl: options.publicUrl,
});

/**
 * One reply to one applicant, as it is queued and as the preview shows it. The subject is kept to
 * one line whatever the stored values hold, since a line break would end the Subject header.
 */
export function replyEmail(
  template: ReplyTemplate,
  application: RepliedApplication,
  options: MailOptions,
): QueuedEmail & { applicationId: string } {
  const values = replyValues(application, options);
  return {
    to: application.email,
    replyTo: options.careersMailbox,
    subject: fillReplyTemplate(template.subject, values).replace(/(?<!\s)\s*[\r\n]\s*/g, ' '),
    text: fillReplyTemplate(template.body, values),
    applicationId: application.id,
  };
}
