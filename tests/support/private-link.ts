import { sql } from 'drizzle-orm';
import { emailOutbox } from '../../src/server/db/schema';
import type { TestServer } from './test-server';

/**
 * A private link for the application that stays valid: each applicant e-mail mints a new link
 * when it goes, which retires the earlier one, so the test's link is minted only once every
 * e-mail already queued for the application has gone (held ones aside). For a server that
 * delivers mail (startServing ran); on one that does not, mint the link directly.
 */
export async function stablePrivateLink(
  server: Pick<TestServer, 'context'>,
  applicationId: string,
): Promise<string> {
  const unsent = async () =>
    (
      await server.context.database.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          sql`${emailOutbox.applicationId} = ${applicationId} and ${emailOutbox.sentAt} is null and ${emailOutbox.failedAt} is null and ${emailOutbox.coalesceKey} is null`,
        )
    ).length;
  for (const deadline = Date.now() + 20_000; (await unsent()) > 0;) {
    if (Date.now() > deadline)
      throw new Error(
        `The e-mails for application ${applicationId} were not sent within 20 s (is the server delivering?)`,
      );
    server.context.outbox.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const token = await server.context.applicationLinks.mint(applicationId);
  if (!token) throw new Error(`No application ${applicationId} to link to`);
  return token;
}
