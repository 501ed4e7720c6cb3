import type { FastifyBaseLogger } from 'fastify';
import type { EmailOutbox } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import { followUpReminderEmails } from '../email/templates/right-to-work-emails';
import type { RightToWorkRepository } from './right-to-work-repository';

/** How often the server looks for follow-ups that have come: the date is a day, so hourly is ample. */
export const FOLLOW_UP_CHECK_MS = 60 * 60_000;

interface FollowUpContext {
  rightToWork: RightToWorkRepository;
  outbox: EmailOutbox;
  mail: MailOptions;
}

/**
 * Queues the reminder of every right-to-work follow-up whose date has come (London) and that has
 * not had one, in the transaction that marks it reminded (see claimDueFollowUps).
 */
export async function sendDueFollowUps(context: FollowUpContext, now = new Date()): Promise<number> {
  const sent = await context.rightToWork.claimDueFollowUps(now, async (tx, due) => {
    await context.outbox.enqueue(
      tx,
      due.flatMap((followUp) => followUpReminderEmails(followUp, context.mail)),
    );
  });
  if (sent > 0) context.outbox.wake();
  return sent;
}

/**
 * The follow-ups' check, like the interviews' reminders (interviews/interview-reminders.ts): soon
 * after start, then every `everyMs`. Answers the function that stops it.
 */
export function scheduleFollowUpReminders(
  context: FollowUpContext,
  log: FastifyBaseLogger,
  everyMs = FOLLOW_UP_CHECK_MS,
): () => void {
  const run = () =>
    sendDueFollowUps(context)
      .then((sent) => {
        if (sent > 0) log.info({ sent }, 'right-to-work follow-up reminders queued');
      })
      .catch((error: unknown) => log.error({ err: error }, 'right-to-work follow-up check failed'));
  const first = setTimeout(run, Math.min(everyMs, 30_000));
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
