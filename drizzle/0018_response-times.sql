CREATE TABLE "application_rejections" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"reason_id" uuid NOT NULL,
	"feedback" text,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holding_emails" (
	"application_id" uuid NOT NULL,
	"stage_changed_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holding_emails_application_id_stage_changed_at_pk" PRIMARY KEY("application_id","stage_changed_at")
);
--> statement-breakpoint
CREATE TABLE "overdue_digests" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overdue_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "rejection_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_time_limits" (
	"stage" text PRIMARY KEY NOT NULL,
	"working_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_reason_id_rejection_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."rejection_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_emails" ADD CONSTRAINT "holding_emails_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdue_digests" ADD CONSTRAINT "overdue_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;