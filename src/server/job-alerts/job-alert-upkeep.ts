import { KEEP_GRACE_DAYS } from '../../shared/job-alerts/job-alerts-contract';
import { describeSearch } from '../../shared/job-alerts/search-words';
import { readJobSearch, vocabularyOf } from '../../shared/jobs/job-search';
import { enqueueEmails } from '../email/email-outbox';
import type { AlertRunDeps } from './job-alert-run';
import { keepAskEmail } from './job-alert-emails';
import type { JobAlertRepository } from './job-alerts-repository';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Asks, once, each alert with no click for a year whether to go on (docs/behaviour.md#job-alerts),
 * a batch at a time: the question is queued and the alert marked asked in one transaction.
 * Answers how many were asked.
 */
export async function askIdle(deps: AlertRunDeps, alerts: JobAlertRepository): Promise<number> {
  const { departments } = vocabularyOf(await deps.openJobs());
  const endsOn = new Date(Date.now() + KEEP_GRACE_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const asked = await deps.db.transaction(async (tx) => {
      const idle = await alerts.idle(tx, 1000);
      await enqueueEmails(
        tx,
        idle.map((alert) =>
          keepAskEmail(
            deps.mail,
            {
              ...alert,
              description: describeSearch(readJobSearch(new URLSearchParams(alert.query)), departments),
            },
            endsOn,
          ),
        ),
      );
      await alerts.markAsked(
        tx,
        idle.map((alert) => alert.id),
      );
      return idle.length;
    });
    if (asked === 0) return total;
    total += asked;
  }
}
