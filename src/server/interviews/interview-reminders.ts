import type { FastifyBaseLogger } from 'fastify';
import type { EmailOutbox } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import type { InterviewRepository } from './interview-repository';
import { reminderEmails } from './interview-mail';
import { schedulePeriodic } from '../runtime/schedule-periodic';

/** How often the server looks for interviews to remind: well inside the day before. */
export const REMINDER_CHECK_MS = 10 * 60_000;

/**
 * Sends the day-before reminder of every booked interview now within the window that has not had
 * one: to the applicant and each interviewer. The booking is marked reminded in the transaction
 * that queues the e-mails, so a booking is reminded once, whichever instance looks first.
 */
export async function sendDueReminders(
  context: { interviews: InterviewRepository; outbox: EmailOutbox; mail: MailOptions },
  now = new Date(),
): Promise<number> {
  const sent = await context.interviews.claimDueReminders(now, async (tx, due) => {
    await context.outbox.enqueue(
      tx,
      due.flatMap((interview) => reminderEmails(interview, context.mail)),
    );
  });
  if (sent > 0) context.outbox.wake();
  return sent;
}

/**
 * The reminders' check, the server's periodic work (runtime/schedule-periodic.ts): soon after
 * start, then every `everyMs`. Answers the function that stops it.
 */
export function scheduleInterviewReminders(
  context: { interviews: InterviewRepository; outbox: EmailOutbox; mail: MailOptions },
  log: FastifyBaseLogger,
  everyMs = REMINDER_CHECK_MS,
): () => void {
  return schedulePeriodic({
    run: async () => {
      const sent = await sendDueReminders(context);
      if (sent > 0) log.info({ sent }, 'interview reminders queued');
    },
    failed: (error) => log.error({ err: error }, 'interview reminder check failed'),
    firstMs: Math.min(everyMs, 30_000),
    everyMs,
  });
}
