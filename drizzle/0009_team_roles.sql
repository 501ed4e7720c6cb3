CREATE TABLE "application_interviewers" (
	"application_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_interviewers_application_id_user_id_pk" PRIMARY KEY("application_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "job_hiring_managers" (
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"may_decide" boolean DEFAULT false NOT NULL,
	"assigned_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_hiring_managers_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_role" text;--> statement-breakpoint
ALTER TABLE "application_interviewers" ADD CONSTRAINT "application_interviewers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_interviewers" ADD CONSTRAINT "application_interviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_hiring_managers" ADD CONSTRAINT "job_hiring_managers_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_hiring_managers" ADD CONSTRAINT "job_hiring_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_interviewers_user_idx" ON "application_interviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_hiring_managers_user_idx" ON "job_hiring_managers" USING btree ("user_id");