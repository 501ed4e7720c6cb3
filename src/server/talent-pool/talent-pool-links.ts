import { eq, sql } from 'drizzle-orm';
import { screens } from '../../shared/site/screen-routes';
import type { Db } from '../db/database';
import { applications } from '../db/schema';
import { newSecretToken } from '../http/secret-token';
import { talentPoolMembers, talentPoolOffers } from './talent-pool-tables';

/** The domain names in the outbox's link placeholders (email/private-link.ts#domainLinkPlaceholder). */
export const POOL_DOMAIN = 'talent-pool';
/** The offer a rejection e-mail carries, by application (email/templates/talent-pool-offer.ts). */
export const POOL_OFFER_DOMAIN = 'talent-pool-offer';

const PLACEHOLDER = /\[\[link:(talent-pool|talent-pool-offer):([0-9a-f-]{36})\]\]/g;

/** A fresh private link for the member, replacing the earlier one; undefined when they are gone. */
export async function mintPoolLink(db: Db, id: string): Promise<string | undefined> {
  const { token, hash } = newSecretToken();
  const updated = await db
    .update(talentPoolMembers)
    .set({ tokenHash: hash })
    .where(eq(talentPoolMembers.id, id))
    .returning({ id: talentPoolMembers.id });
  return updated.length > 0 ? token : undefined;
}

/** A fresh link to the pool's offer for an application, replacing its earlier one; undefined when it is gone. */
export async function mintOfferLink(db: Db, applicationId: string): Promise<string | undefined> {
  const { token, hash } = newSecretToken();
  const stored = await db
    .insert(talentPoolOffers)
    .select(
      db
        .select({
          applicationId: applications.id,
          tokenHash: sql<string>`${hash}`.as('token_hash'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(applications)
        .where(eq(applications.id, applicationId)),
    )
    .onConflictDoUpdate({
      target: talentPoolOffers.applicationId,
      set: { tokenHash: sql`excluded.token_hash`, createdAt: sql`excluded.created_at` },
    })
    .returning({ applicationId: talentPoolOffers.applicationId });
  return stored.length > 0 ? token : undefined;
}

/**
 * Fills a message's talent pool links as the outbox sends it (email/private-link.ts): a fresh
 * link for the member, or for an application's offer, replacing the earlier one, so the token is
 * stored nowhere but as a hash (docs/security.md#the-talent-pool). Undefined when what a link
 * opens has gone meanwhile, and the message is dropped.
 */
export const talentPoolLinkFiller =
  (db: Db, publicUrl: string) =>
  async (text: string): Promise<string | undefined> => {
    const found = new Map([...text.matchAll(PLACEHOLDER)].map((match) => [match[0], match]));
    let filled = text;
    for (const [placeholder, [, domain, id]] of found) {
      const isOffer = domain === POOL_OFFER_DOMAIN;
      const token = isOffer ? await mintOfferLink(db, id!) : await mintPoolLink(db, id!);
      if (!token) return undefined;
      const path = isOffer ? screens.keepMyDetails.path({ token }) : screens.myTalentPool.path({ token });
      filled = filled.replaceAll(placeholder, `${publicUrl}${path}`);
    }
    return filled;
  };
