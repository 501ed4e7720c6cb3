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
 * Where an e-mail carries a private link of a domain other than applications (the talent pool's):
 * `[[link:<domain>:<id>]]` in the text, the message queued with `privateLink` and no application.
 * The domain's filler (handed to the outbox where the server starts) mints each link as the
 * message is sent, as for an application, so no token is stored.
 */
export const DOMAIN_LINK_MARK = '[[link:';
export const domainLinkPlaceholder = (domain: string, id: string): string =>
  `${DOMAIN_LINK_MARK}${domain}:${id}]]`;

/** Fills a text's domain links; undefined when what a link opens no longer exists (nothing is sent). */
export type DomainLinkFiller = (text: string) => Promise<string | undefined>;
