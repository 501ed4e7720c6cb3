CREATE TABLE "benefits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"added_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
