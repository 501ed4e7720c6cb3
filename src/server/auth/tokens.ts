import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { eq } from 'drizzle-orm';
import { ConfigError } from '../config';
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

/** The signing secret's file in the data folder, when JWT_SECRET is not set (PGlite only). */
export const SIGNING_KEY_FILE = 'token-signing.key';
/** As JWT_SECRET's own rule (config.ts): shorter is no secret worth signing with. */
const MIN_SECRET_LENGTH = 32;

/**
 * With PostgreSQL several instances serve one site and must sign alike: a key file each would
 * make each refuse the others' tokens, and a key in the database is readable by whoever reads the
 * database. So JWT_SECRET must be set, and this is checked before anything is opened.
 */
export function requireSharedSigningSecret(config: {
  jwtSecret: string | undefined;
  databaseUrl: string | undefined;
}): void {
  if (config.databaseUrl && !config.jwtSecret) {
    throw new ConfigError(
      [
        'Invalid configuration:',
        `  JWT_SECRET: must be set with DATABASE_URL, to the same value on every instance (at least ${MIN_SECRET_LENGTH} characters, for example: openssl rand -hex 32); the signing secret is no longer kept in the database`,
      ].join('\n'),
    );
  }
}

export interface SigningSecret {
  secret: Uint8Array;
  /**
   * An earlier version's secret was found in the `settings` table and deleted: the secret in
   * use is another, so every session signed before is refused once.
   */
  replacedStored: boolean;
}

/**
 * The token-signing secret (docs/security.md#the-signing-secret): JWT_SECRET, or with PGlite a
 * random secret in `<DATA_DIR>/token-signing.key` (mode 0600) made at the first start. Never the
 * database: its files and its backups are read by more than the server, and whoever holds the
 * secret can sign a token for any account. A secret an earlier version kept in `settings` is
 * deleted and never used again, since it may have been read from there.
 */
export async function resolveJwtSecret(
  db: Db,
  config: { jwtSecret: string | undefined; databaseUrl: string | undefined; dataDir: string },
): Promise<SigningSecret> {
  requireSharedSigningSecret(config);
  const removed = await db
    .delete(settings)
    .where(eq(settings.key, 'jwt_secret'))
    .returning({ key: settings.key });
  const replacedStored = removed.length > 0 && !config.jwtSecret;
  const text = config.jwtSecret ?? (await keyFile(config.dataDir));
  return { secret: new TextEncoder().encode(text), replacedStored };
}

/**
 * Reads the key file, or makes it: written whole under a temporary name, fsynced, then linked to
 * its name, which fails if it is there already; so the file is never seen half-written, and two
 * processes starting at one moment keep the first one's key.
 */
async function keyFile(dataDir: string): Promise<string> {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  const existing = await readKey(file);
  if (existing !== undefined) return existing;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const temp = path.join(dataDir, `.${SIGNING_KEY_FILE}.${randomUUID()}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(randomBytes(48).toString('base64url'));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temp, { force: true });
  }
  const made = await readKey(file);
  if (made === undefined) throw new Error(`${file} could not be made`);
  return made;
}

async function readKey(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `${file} holds no usable token-signing secret (fewer than ${MIN_SECRET_LENGTH} characters). Delete it to have a new one made at the next start (everyone then signs in again), or set JWT_SECRET.`,
    );
  }
  return text;
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
