CREATE TABLE "application_adjustments" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"adjustments" text,
	"disability_confident" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equality_monitoring" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link" text NOT NULL,
	"job_id" uuid,
	"stage_reached" text DEFAULT 'applied' NOT NULL,
	"retain_until" date NOT NULL,
	"age_band" text,
	"sex" text,
	"gender_identity" text,
	"ethnic_group" text,
	"disability" text,
	"religion" text,
	"sexual_orientation" text,
	CONSTRAINT "equality_monitoring_link_unique" UNIQUE("link")
);
--> statement-breakpoint
ALTER TABLE "application_adjustments" ADD CONSTRAINT "application_adjustments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equality_monitoring" ADD CONSTRAINT "equality_monitoring_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equality_monitoring_job_idx" ON "equality_monitoring" USING btree ("job_id");