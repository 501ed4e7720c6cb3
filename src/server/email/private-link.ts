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
