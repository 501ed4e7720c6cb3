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
ALTER TABLE "right_to_work_checks" ADD CONSTRAINT "right_to_work_checks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "right_to_work_checks_follow_up_idx" ON "right_to_work_checks" USING btree ("follow_up_on") WHERE "right_to_work_checks"."follow_up_reminded_at" is null;