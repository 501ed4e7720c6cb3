CREATE TABLE "equality_report_changes" (
	"slice" text NOT NULL,
	"mark" text NOT NULL,
	CONSTRAINT "equality_report_changes_slice_mark_pk" PRIMARY KEY("slice","mark")
);
--> statement-breakpoint
CREATE TABLE "equality_reports" (
	"slice" text PRIMARY KEY NOT NULL,
	"taken_on" date NOT NULL,
	"figures" jsonb NOT NULL
);
