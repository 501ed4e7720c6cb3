CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "department_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "workplace_type" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "remote_country" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "employment_types" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "pay_min_pence" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "pay_max_pence" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "pay_period" text;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_name_idx" ON "departments" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "departments_slug_idx" ON "departments" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_department_idx" ON "jobs" USING btree ("department_id");