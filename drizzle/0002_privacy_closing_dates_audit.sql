CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid,
	"subject_email" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "privacy_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "retention_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "closing_date" date;--> statement-breakpoint
CREATE INDEX "audit_entries_application_idx" ON "audit_entries" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" USING btree ("subject_email");