import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  accountEvents,
  passwordResets,
  recoveryCodes,
  twoFactor,
  users,
  type ResetPurpose,
} from '../db/schema';
import {
  ACCOUNT_EVENTS_SHOWN,
  type AccountEvent,
  type AccountEventKind,
} from '../../shared/auth/account-contract';
import type { User } from './user-repository';

export interface TwoFactorStatus {
  /** On: the login asks for a code. */
  enabled: boolean;
  /** The secret, set up or in set-up; undefined when there is none. */
  secret: string | undefined;
}

/**
 * Links not used yet stop working: a new password, however it was set, ends them, and so does a
 * new invitation to the hiring team (docs/security.md#the-hiring-team).
 */
export const endResets = (tx: Db, userId: string) =>
  tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));

/**
 * Stores a new link (its token's digest only), working for `lifetimeMs` from now; answers when it
 * stops working.
 */
export async function storeReset(
  tx: Db,
  userId: string,
  tokenHash: string,
  lifetimeMs: number,
  purpose: ResetPurpose = 'reset',
): Promise<Date> {
  const [stored] = await tx
    .insert(passwordResets)
    .values({
      tokenHash,
      userId,
      purpose,
      expiresAt: sql`now() + ${lifetimeMs}::double precision * interval '1 millisecond'`,
    })
    .returning({ expiresAt: passwordResets.expiresAt });
  // Old rows are of no use to anyone: each new link clears out the long-finished ones.
  await tx
    .delete(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, sql`now() - interval '1 day'`)),
      ),
    );
  return stored!.expiresAt;
}

/** A link used: whose account it set the password of, and what it had been sent as. */
export interface CompletedReset {
  user: User;
  purpose: ResetPurpose;
}

/**
 * What belongs to an account's sign-in besides its password: the token generation, password
 * reset links, the second factor with its recovery codes, and the account's events
 * (docs/security.md#accounts). Each change that signs the account out everywhere raises the
 * generation in the same transaction as the change and its event.
 */
export function createAccountRepository(db: Db) {
  const record = (tx: Db, userId: string, kind: AccountEventKind, ip: string | null) =>
    tx.insert(accountEvents).values({ userId, kind, ip });

  /** Raises the generation: every token issued before is refused from now on. */
  const bumpGeneration = async (tx: Db, userId: string, set: Partial<typeof users.$inferInsert> = {}) => {
    const [user] = await tx
      .update(users)
      .set({ ...set, tokenGeneration: sql`${users.tokenGeneration} + 1` })
      .where(eq(users.id, userId))
      .returning();
    return user;
  };

  const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(tx as unknown as Db));

  return {
    /** A new password from the account screen: signs every other session out. */
    changePassword(userId: string, passwordHash: string, ip: string | null): Promise<User | undefined> {
      return inTransaction(async (tx) => {
        const user = await bumpGeneration(tx, userId, { passwordHash });
        if (!user) return undefined;
        await endResets(tx, userId);
        await record(tx, userId, 'password-changed', ip);
        return user;
      });
    },

    signOutEverywhere(userId: string, ip: string | null): Promise<User | undefined> {
      return inTransaction(async (tx) => {
        const user = await bumpGeneration(tx, userId);
        if (user) await record(tx, userId, 'signed-out-everywhere', ip);
        return user;
      });
    },

    async latestEvents(userId: string, limit = ACCOUNT_EVENTS_SHOWN): Promise<AccountEvent[]> {
      const rows = await db
        .select()
        .from(accountEvents)
        .where(eq(accountEvents.userId, userId))
        .orderBy(desc(accountEvents.at), desc(accountEvents.id))
        .limit(limit);
      return rows.map((row) => ({ _id: row.id, kind: row.kind, at: row.at.toISOString(), ip: row.ip }));
    },

    // --- Password reset links ---

    createReset: async (userId: string, tokenHash: string, lifetimeMs: number): Promise<void> => {
      await storeReset(db, userId, tokenHash, lifetimeMs);
    },

    /** The account a link is for, while the link still works (not used, not expired). */
    async usableReset(tokenHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        );
      return row?.userId;
    },

    /**
     * Uses the link (once: two requests racing with one link, one wins) and sets the password,
     * signing the account out everywhere. Answers the account as it now is, or undefined when the
     * link no longer works.
     *
     * A team member's first password, whichever link set it (the invitation's, or a reset link
     * they asked for instead), is when they accepted the invitation: they can sign in from then.
     */
    completeReset(
      tokenHash: string,
      passwordHash: string,
      ip: string | null,
    ): Promise<CompletedReset | undefined> {
      return inTransaction(async (tx) => {
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResets.userId, purpose: passwordResets.purpose });
        if (!used) return undefined;
        let user = await bumpGeneration(tx, used.userId, { passwordHash });
        if (!user) return undefined;
        if (user.teamRole !== null && user.invitationAcceptedAt === null) {
          [user] = await tx
            .update(users)
            .set({ invitationAcceptedAt: sql`now()` })
            .where(eq(users.id, used.userId))
            .returning();
          if (!user) return undefined;
        }
        await endResets(tx, used.userId);
        await record(tx, used.userId, 'password-reset', ip);
        return { user, purpose: used.purpose };
      });
    },

    // --- Second factor ---

    async twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
      const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
      return { enabled: Boolean(row?.enabledAt), secret: row?.secret };
    },

    /** Recovery codes not used yet (only the account screen asks; a login does not need it). */
    async recoveryCodesLeft(userId: string): Promise<number> {
      const [left] = await db
        .select({ count: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return left?.count ?? 0;
    },

    /** Keeps a new secret for the set-up; false when a second factor is already on. */
    async startTwoFactorSetup(userId: string, secret: string): Promise<boolean> {
      const rows = await db
        .insert(twoFactor)
        .values({ userId, secret })
        .onConflictDoUpdate({
          target: twoFactor.userId,
          set: { secret, lastStep: null, createdAt: sql`now()` },
          setWhere: isNull(twoFactor.enabledAt),
        })
        .returning({ userId: twoFactor.userId });
      return rows.length > 0;
    },

    /**
     * Turns the set-up secret on, with `step` (the code just entered) as used and fresh recovery
     * codes; false when there is no set-up to finish.
     */
    enableTwoFactor(
      userId: string,
      secret: string,
      step: number,
      codeHashes: string[],
      ip: string | null,
    ): Promise<boolean> {
      return inTransaction(async (tx) => {
        const [enabled] = await tx
          .update(twoFactor)
          .set({ enabledAt: sql`now()`, lastStep: step })
          .where(and(eq(twoFactor.userId, userId), eq(twoFactor.secret, secret), isNull(twoFactor.enabledAt)))
          .returning({ userId: twoFactor.userId });
        if (!enabled) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
        await record(tx, userId, 'two-factor-enabled', ip);
        return true;
      });
    },

    /** Takes a code's step as used, if it is later than the last one taken (no replay). */
    async useStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactor)
        .set({ lastStep: step })
        .where(
          and(
            eq(twoFactor.userId, userId),
            isNotNull(twoFactor.enabledAt),
            or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step)),
          ),
        )
        .returning({ userId: twoFactor.userId });
      return rows.length > 0;
    },

    /** Takes a recovery code as used, once. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    /**
     * Removes the second factor (and any set-up in progress) with its recovery codes, and signs
     * the account out everywhere. Answers the account as it now is, or undefined when no second
     * factor was on (then nothing changes).
     */
    removeTwoFactor(
      userId: string,
      kind: Extract<AccountEventKind, 'two-factor-removed' | 'two-factor-reset-by-cli'>,
      ip: string | null,
    ): Promise<User | undefined> {
      return inTransaction(async (tx) => {
        const removed = await tx
          .delete(twoFactor)
          .where(eq(twoFactor.userId, userId))
          .returning({ enabledAt: twoFactor.enabledAt });
        if (!removed.some((row) => row.enabledAt)) return undefined;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        const user = await bumpGeneration(tx, userId);
        await record(tx, userId, kind, ip);
        return user;
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
