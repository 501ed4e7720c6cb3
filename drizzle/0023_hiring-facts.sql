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
CREATE INDEX "hiring_facts_day_idx" ON "hiring_facts" USING btree ("day");