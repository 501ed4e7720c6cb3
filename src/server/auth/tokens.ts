import { randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { settings } from '../db/schema';

const ALGORITHM = 'HS256';

export interface TokenSubject {
  id: string;
  email: string;
  name: string;
}

export type VerifiedToken =
  { ok: true; email: string; name: string; userId: string } | { ok: false; expired: boolean };

export interface TokenService {
  issue(user: TokenSubject): Promise<string>;
  verify(token: string): Promise<VerifiedToken>;
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

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    issue: (user) =>
      new SignJWT({ email: user.email, name: user.name })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM] });
        if (
          typeof payload.email !== 'string' ||
          typeof payload.sub !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return { ok: false, expired: false };
        }
        return { ok: true, email: payload.email, name: String(payload.name ?? ''), userId: payload.sub };
      } catch (error) {
        return { ok: false, expired: error instanceof joseErrors.JWTExpired };
      }
    },
  };
}
