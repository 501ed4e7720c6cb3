import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** argon2id at OWASP's first recommended profile: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the e-mail is unknown, so a login for a missing account
 * costs as long as one with a wrong password and does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> =>
  (decoyHash ??= hashPassword('decoy-password-never-used'));
