-- The interview adjustment has one reader: what an applicant asked for when booking moves from the
-- booking to application_adjustments, where only the adjustments contact's calls read it; beside
-- it, what the contact agreed for the interviewers. A held interviewer e-mail carries the key a
-- later change to the same booking replaces it by (docs/security.md#interview-bookings).
ALTER TABLE "application_adjustments" ADD COLUMN "interview_adjustments" text;--> statement-breakpoint
ALTER TABLE "application_adjustments" ADD COLUMN "agreed" text;--> statement-breakpoint
ALTER TABLE "application_adjustments" ADD COLUMN "agreed_by" text;--> statement-breakpoint
ALTER TABLE "application_adjustments" ADD COLUMN "agreed_at" timestamp with time zone;--> statement-breakpoint
INSERT INTO "application_adjustments" ("application_id", "interview_adjustments")
SELECT "application_id", "adjustments" FROM "interview_bookings" WHERE "adjustments" IS NOT NULL
ON CONFLICT ("application_id") DO UPDATE SET "interview_adjustments" = EXCLUDED."interview_adjustments";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
CREATE INDEX "email_outbox_coalesce_idx" ON "email_outbox" USING btree ("coalesce_key") WHERE "email_outbox"."coalesce_key" is not null;--> statement-breakpoint
ALTER TABLE "interview_bookings" DROP COLUMN "adjustments";
