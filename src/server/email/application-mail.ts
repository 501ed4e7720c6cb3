import type { Db } from '../db/database';
import { tryConsume, type RateLimiters } from '../http/rate-limit';
import { emailLimitKey } from '../http/secret-token';
import type { EmailOutbox } from './email-outbox';
import type { MailedApplication, MailOptions } from './mail-options';
import { adjustmentsNoticeEmail, applicationEmails } from './templates/application-emails';

/** The e-mails a stored application sends (built from the e-mail outbox where the server starts). */
export interface ApplicationMail {
  /**
   * Whether the applicant's address may get a confirmation now; takes one from its caps when it
   * may. Asked before the application is stored, outside its transaction.
   */
  mayConfirm(email: string): Promise<boolean>;
  /**
   * Queues the application's messages inside the transaction that stores it; with
   * `adjustmentsAsked`, a notice to the adjustments contact too.
   */
  queue(
    tx: Db,
    application: MailedApplication,
    options: { confirm: boolean; adjustmentsAsked?: boolean },
  ): Promise<void>;
  /** Called once that transaction has committed. */
  queued(): void;
}

/**
 * The first users of the e-mail outbox: both messages are queued in the transaction that stores
 * the application, so they go even if the applicant's browser never makes another call.
 */
export function applicationMail(
  outbox: Pick<EmailOutbox, 'enqueue' | 'wake'>,
  options: MailOptions,
  limiters: Pick<RateLimiters, 'confirmationsByEmailHour' | 'confirmationsByEmailDay'>,
  adjustmentsContact?: string,
): ApplicationMail {
  return {
    async mayConfirm(email) {
      const key = emailLimitKey(email);
      if (!(await tryConsume(limiters.confirmationsByEmailHour, key))) return false;
      if (await tryConsume(limiters.confirmationsByEmailDay, key)) return true;
      // Not sent after all, so the hour's count stays true.
      await limiters.confirmationsByEmailHour.reward(key, 1);
      return false;
    },
    queue: (tx, application, { confirm, adjustmentsAsked = false }) =>
      outbox.enqueue(
        tx,
        [
          ...applicationEmails(application, options, { confirm }),
          ...(adjustmentsAsked && adjustmentsContact
            ? [adjustmentsNoticeEmail(application, options, adjustmentsContact)]
            : []),
        ].map((message) => ({ ...message, applicationId: application.id })),
      ),
    queued: () => outbox.wake(),
  };
}
