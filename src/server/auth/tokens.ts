import { randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { settings } from '../db/schema';

const ALGORITHM = 'HS256';
/** How long a login's second step may take (docs/security.md#two-step-verification). */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface TokenSubject {
  id: string;
  email: string;
  name: string;
  /** The account's token generation: raising it refuses every token issued before. */
  tokenGeneration: number;
}

export type VerifiedToken =
  | { ok: true; email: string; name: string; userId: string; generation: number }
  | { ok: false; expired: boolean };

/**
 * What a challenge is for: the code step of a login with a second factor, or enrolment during a
 * login when every administrator must have one.
 */
export type ChallengePurpose = 'two-factor' | 'two-factor-setup';

export type VerifiedChallenge =
  { ok: true; userId: string; generation: number } | { ok: false; expired: boolean };

export interface TokenService {
  issue(user: TokenSubject): Promise<string>;
  verify(token: string): Promise<VerifiedToken>;
  /** A short-lived token that proves the password was right, for the login's next step only. */
  issueChallenge(user: TokenSubject, purpose: ChallengePurpose): Promise<string>;
  verifyChallenge(token: string, purpose: ChallengePurpose): Promise<VerifiedChallenge>;
}

/**
 * The signing secret comes from JWT_SECRET, or is generated once and kept in the database, so
 * every instance on one PostgreSQL signs and accepts the same tokens.
 */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(48).toString('base64url');
  await db.insert(settings).values({ key: 'jwt_secret', value: generated }).onConflictDoNothing();
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(sql`${settings.key} = 'jwt_secret'`);
  return new TextEncoder().encode(row!.value);
}

const isGeneration = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  // Imported once: jose would otherwise import the raw secret again for every token it signs or
  // checks, about half of a check's time (and every admin call checks one).
  const key = crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A key that cannot be imported fails each token call that awaits it, not the process.
  key.catch(() => {});
  const sign = async (claims: JWTPayload, subject: string, lifetimeSeconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
      .sign(await key);

  const read = async (
    token: string,
  ): Promise<{ ok: true; payload: JWTPayload } | { ok: false; expired: boolean }> => {
    try {
      const { payload } = await jwtVerify(token, await key, { algorithms: [ALGORITHM] });
      return { ok: true, payload };
    } catch (error) {
      return { ok: false, expired: error instanceof joseErrors.JWTExpired };
    }
  };

  return {
    issue: (user) =>
      sign({ email: user.email, name: user.name, gen: user.tokenGeneration }, user.id, ttlSeconds),
    async verify(token) {
      const result = await read(token);
      if (!result.ok) return result;
      const { payload } = result;
      if (
        typeof payload.email !== 'string' ||
        typeof payload.sub !== 'string' ||
        typeof payload.exp !== 'number' ||
        !isGeneration(payload.gen) ||
        // A challenge is signed with the same key but opens nothing but the login's next step.
        payload.purpose !== undefined
      ) {
        return { ok: false, expired: false };
      }
      return {
        ok: true,
        email: payload.email,
        name: String(payload.name ?? ''),
        userId: payload.sub,
        generation: payload.gen,
      };
    },
    issueChallenge: (user, purpose) =>
      sign({ purpose, gen: user.tokenGeneration }, user.id, CHALLENGE_TTL_SECONDS),
    async verifyChallenge(token, purpose) {
      const result = await read(token);
      if (!result.ok) return result;
      const { payload } = result;
      if (payload.purpose !== purpose || typeof payload.sub !== 'string' || !isGeneration(payload.gen)) {
        return { ok: false, expired: false };
      }
      return { ok: true, userId: payload.sub, generation: payload.gen };
    },
  };
}
