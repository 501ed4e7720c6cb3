import { eq } from 'drizzle-orm';
import { screens } from '../../shared/site/screen-routes';
import type { Db } from '../db/database';
import { newSecretToken } from '../http/secret-token';
import { talentPoolMembers } from './talent-pool-tables';

/** The domain name in the outbox's link placeholders (email/private-link.ts#domainLinkPlaceholder). */
export const POOL_DOMAIN = 'talent-pool';

const PLACEHOLDER = new RegExp(String.raw`\[\[link:${POOL_DOMAIN}:([0-9a-f-]{36})\]\]`, 'g');

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

/**
 * Fills a message's talent pool links as the outbox sends it (email/private-link.ts): a fresh
 * link for the member, replacing the earlier one, so the token is stored nowhere but as a hash
 * (docs/security.md#the-talent-pool). Undefined when the member has gone meanwhile, and the
 * message is dropped.
 */
export const talentPoolLinkFiller =
  (db: Db, publicUrl: string) =>
  async (text: string): Promise<string | undefined> => {
    const ids = [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
    let filled = text;
    for (const id of ids) {
      const token = await mintPoolLink(db, id);
      if (!token) return undefined;
      filled = filled.replaceAll(
        `[[link:${POOL_DOMAIN}:${id}]]`,
        `${publicUrl}${screens.myTalentPool.path({ token })}`,
      );
    }
    return filled;
  };
