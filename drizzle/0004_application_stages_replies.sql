-- Hiring stages, replies to applicants and their templates, and a detail on audit entries.
-- Applications stored before this migration become New, as they were never opened in a stage,
-- and have been New since they arrived.
CREATE TABLE "application_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "applications" SET "stage_changed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "application_replies" ADD CONSTRAINT "application_replies_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_replies_application_idx" ON "application_replies" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_replies_one_rejection_idx" ON "application_replies" USING btree ("application_id") WHERE "application_replies"."kind" = 'rejection';--> statement-breakpoint
CREATE INDEX "applications_stage_idx" ON "applications" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "applications_job_stage_idx" ON "applications" USING btree ("job_id","stage");