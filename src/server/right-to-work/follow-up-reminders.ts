import type { FastifyBaseLogger } from 'fastify';
import type { EmailOutbox } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import { followUpReminderEmails } from './right-to-work-emails';
import type { RightToWorkRepository } from './right-to-work-repository';
import { schedulePeriodic } from '../runtime/schedule-periodic';

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
 * The follow-ups' check, the server's periodic work (runtime/schedule-periodic.ts): soon after
 * start, then every `everyMs`. Answers the function that stops it.
 */
export function scheduleFollowUpReminders(
  context: FollowUpContext,
  log: FastifyBaseLogger,
  everyMs = FOLLOW_UP_CHECK_MS,
): () => void {
  return schedulePeriodic({
    run: async () => {
      const sent = await sendDueFollowUps(context);
      if (sent > 0) log.info({ sent }, 'right-to-work follow-up reminders queued');
    },
    failed: (error) => log.error({ err: error }, 'right-to-work follow-up check failed'),
    firstMs: Math.min(everyMs, 30_000),
    everyMs,
  });
}
