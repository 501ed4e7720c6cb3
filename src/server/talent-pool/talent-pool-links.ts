import { eq } from 'drizzle-orm';
import { screens } from '../../shared/site/screen-routes';
import type { Db } from '../db/database';
import { mintApplicationToken, type LinkMinter } from '../email/private-link';
import { newSecretToken } from '../http/secret-token';
import { talentPoolMembers, talentPoolOffers } from './talent-pool-tables';

/** The kinds of the outbox's minted links (email/private-link.ts#mintedLinkPlaceholder). */
export const POOL_DOMAIN = 'talent-pool';
/** The offer a rejection e-mail carries, by application (email/templates/talent-pool-offer.ts). */
export const POOL_OFFER_DOMAIN = 'talent-pool-offer';

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
export const mintOfferLink = (db: Db, applicationId: string): Promise<string | undefined> =>
  mintApplicationToken(db, talentPoolOffers, applicationId);

/**
 * Mints a message's talent pool links as the outbox sends it (email/private-link.ts): a fresh
 * link for the member, or for an application's offer, replacing the earlier one, so the token is
 * stored nowhere but as a hash (docs/security.md#the-talent-pool). Each answers the whole link;
 * undefined when what it opens has gone meanwhile, and the message is dropped.
 */
export const talentPoolLinkMinters = (db: Db, publicUrl: string): Record<string, LinkMinter> => ({
  [POOL_DOMAIN]: async (id) => {
    const token = await mintPoolLink(db, id);
    return token && `${publicUrl}${screens.myTalentPool.path({ token })}`;
  },
  [POOL_OFFER_DOMAIN]: async (applicationId) => {
    const token = await mintOfferLink(db, applicationId);
    return token && `${publicUrl}${screens.keepMyDetails.path({ token })}`;
  },
});
