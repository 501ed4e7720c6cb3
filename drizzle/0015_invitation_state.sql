-- The Team screen shows each member's invitation as invited, accepted or expired, and a link
-- sent as an invitation signs its person in once it has set their first password.
--
-- For members invited before this migration: the invitation is their latest link (or, with none
-- left, the account's creation, with the 72 hours links are sent for), and they accepted at their
-- first account event, since every member's first password is set through a link, which records
-- one ("Password reset by e-mail"). Their links not used yet are invitations when they have not
-- accepted, and resets otherwise.
ALTER TABLE "password_resets" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_accepted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET
	"invited_at" = coalesce(
		(SELECT max("created_at") FROM "password_resets" WHERE "password_resets"."user_id" = "users"."id"),
		"users"."created_at"
	),
	"invitation_expires_at" = coalesce(
		(SELECT "expires_at" FROM "password_resets" WHERE "password_resets"."user_id" = "users"."id"
			ORDER BY "created_at" DESC LIMIT 1),
		"users"."created_at" + interval '72 hours'
	),
	"invitation_accepted_at" =
		(SELECT min("at") FROM "account_events" WHERE "account_events"."user_id" = "users"."id")
WHERE "team_role" IS NOT NULL AND NOT "is_admin";--> statement-breakpoint
UPDATE "password_resets" SET "purpose" = 'invitation'
WHERE "used_at" IS NULL AND "user_id" IN (
	SELECT "id" FROM "users"
	WHERE "team_role" IS NOT NULL AND NOT "is_admin" AND "invitation_accepted_at" IS NULL
);
