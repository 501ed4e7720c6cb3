import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { applications } from '../db/schema';
import { newSecretToken } from '../http/secret-token';

/**
 * Where an e-mail carries the applicant's private link to their application. The body is stored
 * with this placeholder and the link is minted as the message is sent, so the token is never
 * stored in clear, in the outbox or anywhere else (docs/security.md#the-applicants-private-link).
 */
export const PRIVATE_LINK_PLACEHOLDER = '[[private-link]]';

/**
 * Mints a fresh private link to the application (replacing any earlier one) and answers its full
 * address; undefined when the application no longer exists.
 */
export type PrivateLinkMinter = (applicationId: string) => Promise<string | undefined>;

/** The message's text with its private link in place. */
export const withPrivateLink = (text: string, url: string): string =>
  text.replaceAll(PRIVATE_LINK_PLACEHOLDER, url);

/**
 * Links other domains mint as a message is sent (a job alert's manage and unsubscribe links:
 * docs/security.md#job-alerts): the body and headers hold `[[link:<kind>:<id>]]`, and the
 * deliverer asks the minter of that kind for a fresh token for that id, so the token too is never
 * stored in clear. Only a message queued with `mintedLinks` is read for them, never one whose text
 * someone else typed.
 */
export const mintedLinkPlaceholder = (kind: string, id: string): string => `[[link:${kind}:${id}]]`;

const MINTED_LINK = /\[\[link:([a-z-]+):([0-9a-f-]{36})\]\]/g;

/**
 * Mints a token for the thing of that id (or the whole link holding it); undefined when it is
 * gone (the message is then dropped).
 */
export type LinkMinter = (id: string) => Promise<string | undefined>;

/**
 * The texts with each minted-link placeholder replaced by a token minted for it (one per distinct
 * placeholder, shared by every text); undefined when a minter answers nothing.
 */
export async function withMintedLinks(
  texts: string[],
  minters: Readonly<Record<string, LinkMinter>>,
): Promise<string[] | undefined> {
  const wanted = new Map<string, { kind: string; id: string }>();
  for (const text of texts)
    for (const match of text.matchAll(MINTED_LINK)) wanted.set(match[0], { kind: match[1]!, id: match[2]! });
  const tokens = new Map<string, string>();
  for (const [placeholder, { kind, id }] of wanted) {
    const minter = minters[kind];
    if (!minter) throw new Error(`no ${kind} links can be minted here`);
    const token = await minter(id);
    if (token === undefined) return undefined;
    tokens.set(placeholder, token);
  }
  return texts.map((text) => text.replace(MINTED_LINK, (placeholder) => tokens.get(placeholder)!));
}

/**
 * A table of private links to applications, one per application, each kept only as its token's
 * hash: the applicant's own link (`application_links`) and the talent pool's offer
 * (`talent_pool_offers`).
 */
export type ApplicationTokenTable = PgTable & {
  applicationId: AnyPgColumn;
  tokenHash: AnyPgColumn;
  createdAt: AnyPgColumn;
};

/**
 * A fresh token for the application in `table`, replacing its earlier one (which stops working),
 * stored only as its hash (docs/security.md#the-applicants-private-link); undefined when there is
 * no such application. One statement, so an application deleted meanwhile gets no link.
 */
export async function mintApplicationToken(
  db: Db,
  table: ApplicationTokenTable,
  applicationId: string,
): Promise<string | undefined> {
  const { token, hash } = newSecretToken();
  const stored = await db
    .insert(table)
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
      target: table.applicationId,
      set: { tokenHash: sql`excluded.token_hash`, createdAt: sql`excluded.created_at` },
    })
    .returning({ applicationId: table.applicationId });
  return stored.length > 0 ? token : undefined;
}
