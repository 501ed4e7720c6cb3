import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets that travel in a link (an applicant's private link, a password reset link):
 * 256 random bits, so no one guesses a live one however many they try, and only their SHA-256 is
 * stored, so a copy of the database opens nothing (docs/security.md).
 */
const TOKEN_BYTES = 32;
/** 32 bytes in base64url, unpadded; anything else is not a token we made. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 of a text, in hex: what is stored of a secret, or a key that holds no address. */
export const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A new secret for a link, and the digest to store. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: digest(token) };
}

export const isSecretTokenShaped = (token: string): boolean => TOKEN_FORMAT.test(token);

/** The rate-limit key of an e-mail address: its digest, so the counters hold no addresses. */
export const emailLimitKey = (email: string): string => digest(email.trim().toLowerCase());

/** The pages whose address carries a secret token. */
const SECRET_LINK =
  /(\/(?:my-application|my-talent-pool|keep-my-details|reset-password|welcome|job-alerts\/confirm|job-alerts\/manage|job-alerts\/unsubscribe|job-alerts)\/)[^/?#]+/g;

/**
 * An address with any secret token in it replaced, for the request log (at debug level each
 * request's address is logged): a log is no place for a key to someone's application or account.
 */
export const withoutSecretTokens = (url: string): string => url.replace(SECRET_LINK, '$1[token]');
