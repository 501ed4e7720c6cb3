import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from '../db/schema';

/**
 * The talent pool (docs/behaviour.md#the-talent-pool): one row per address that asked to be kept
 * for future roles, by its own consent for 12 months (docs/security.md#the-talent-pool). A row
 * joined from the careers site waits unconfirmed until its e-mail link is opened; its private link
 * is kept only as a hash.
 */
export const talentPoolMembers = pgTable(
  'talent_pool_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** The departments' slugs the person is interested in. */
    departments: text('departments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The job applied for, when kept from an application's private page. */
    appliedFor: text('applied_for'),
    /** Administrators' free tags. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cvKey: text('cv_key'),
    cvSize: integer('cv_size'),
    /** `careers` (the join form) or `application` (the applicant's page, from the rejection e-mail). */
    source: text('source').notNull(),
    /** Which privacy notice (shared/talent-pool/talent-pool-contract.ts#poolNotices) was shown. */
    noticeVersion: text('notice_version').notNull(),
    /** When the box was ticked and sent (renewals move it). */
    consentGivenAt: timestamp('consent_given_at', { withTimezone: true }).notNull(),
    /** When the address proved it is theirs: the e-mail link opened, or the application's own link. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The end of the consent; an unconfirmed request ends after a week. */
    consentEndsAt: timestamp('consent_ends_at', { withTimezone: true }).notNull(),
    renewalAskedAt: timestamp('renewal_asked_at', { withTimezone: true }),
    lastInvitedAt: timestamp('last_invited_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('talent_pool_members_email_idx').on(table.email),
    uniqueIndex('talent_pool_members_token_idx').on(table.tokenHash),
    index('talent_pool_members_ends_idx').on(table.consentEndsAt),
  ],
);

/**
 * The private link a rejection e-mail carries to "Keep my details for future roles" (one per
 * application, kept only as a hash, minted as the e-mail goes: talent-pool-links.ts). Its own
 * link, so that the rejection does not replace the applicant's link to their application.
 */
export const talentPoolOffers = pgTable('talent_pool_offers', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
