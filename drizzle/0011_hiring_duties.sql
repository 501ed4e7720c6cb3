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
CREATE TABLE "job_question_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "right_to_work_checks" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"checked_on" date NOT NULL,
	"checked_by_email" text NOT NULL,
	"checked_by_name" text NOT NULL,
	"follow_up_on" date,
	"follow_up_reminded_at" timestamp with time zone,
	"employment_ended_on" date,
	"evidence_key" text,
	"evidence_type" text,
	"evidence_size" integer,
	"evidence_uploaded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "question_set_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "question_set_id" uuid;--> statement-breakpoint
ALTER TABLE "application_adjustments" ADD CONSTRAINT "application_adjustments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equality_monitoring" ADD CONSTRAINT "equality_monitoring_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_question_sets" ADD CONSTRAINT "job_question_sets_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "right_to_work_checks" ADD CONSTRAINT "right_to_work_checks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equality_monitoring_job_idx" ON "equality_monitoring" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_question_sets_job_idx" ON "job_question_sets" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "right_to_work_checks_follow_up_idx" ON "right_to_work_checks" USING btree ("follow_up_on") WHERE "right_to_work_checks"."follow_up_reminded_at" is null;