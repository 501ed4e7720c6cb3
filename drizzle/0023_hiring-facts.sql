CREATE TABLE "hiring_fact_durations" (
	"scope" text NOT NULL,
	"month" text NOT NULL,
	"measure" text NOT NULL,
	"days" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hiring_fact_durations_scope_month_measure_days_pk" PRIMARY KEY("scope","month","measure","days")
);
--> statement-breakpoint
CREATE TABLE "hiring_fact_jobs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"job_title" text NOT NULL,
	"department" text
);
--> statement-breakpoint
CREATE TABLE "hiring_fact_months" (
	"month" text NOT NULL,
	"job_id" uuid,
	"department" text,
	"source" text NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"reviewed" integer DEFAULT 0 NOT NULL,
	"shortlisted" integer DEFAULT 0 NOT NULL,
	"interviewed" integer DEFAULT 0 NOT NULL,
	"offered" integer DEFAULT 0 NOT NULL,
	"hired" integer DEFAULT 0 NOT NULL,
	"offers" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hiring_fact_months_key" UNIQUE NULLS NOT DISTINCT("month","job_id","department","source")
);
--> statement-breakpoint
CREATE TABLE "hiring_facts" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hiring_facts_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" uuid,
	"job_title" text NOT NULL,
	"department" text,
	"source" text NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"day" date NOT NULL,
	"applied_on" date NOT NULL,
	"stage_entered_on" date,
	"days_in_stage" integer,
	"days_since_applied" integer NOT NULL,
	"reach_from" smallint,
	"reach_to" smallint
);
--> statement-breakpoint
CREATE INDEX "hiring_facts_applied_idx" ON "hiring_facts" USING btree ("applied_on");--> statement-breakpoint
CREATE INDEX "hiring_facts_day_idx" ON "hiring_facts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "hiring_facts_entered_idx" ON "hiring_facts" USING btree ("stage_entered_on");--> statement-breakpoint
CREATE INDEX "hiring_facts_job_day_idx" ON "hiring_facts" USING btree ("job_id","day");--> statement-breakpoint
CREATE INDEX "hiring_facts_department_day_idx" ON "hiring_facts" USING btree ("department","day");--> statement-breakpoint
CREATE INDEX "hiring_facts_source_day_idx" ON "hiring_facts" USING btree ("source","day");