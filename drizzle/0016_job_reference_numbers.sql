-- Each job board knows a job's listing in one town by a number that must never change once set
-- (Indeed's referencenumber, Adzuna's id). They were the job's id plus the town's position, so
-- removing one town renumbered the towns after it; now each is kept here, per job and town.
--
-- Nothing is filled here: a job's numbers are given the first time a feed lists it after this
-- migration (jobs/job-reference-numbers.ts), by the rule the feeds used until now (the job's id
-- for a job in one place, else the id and the town's position), so the numbers the boards already
-- hold stay as they are. Only the server can tell which towns a job is listed in: a job whose
-- facts were never set is listed by its location text.
CREATE TABLE "job_reference_numbers" (
	"job_id" uuid NOT NULL,
	"place" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_reference_numbers_job_id_place_pk" PRIMARY KEY("job_id","place"),
	CONSTRAINT "job_reference_numbers_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "job_reference_numbers" ADD CONSTRAINT "job_reference_numbers_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;