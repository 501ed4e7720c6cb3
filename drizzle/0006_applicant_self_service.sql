-- Applicant self-service: each application's private link (only the SHA-256 of its token), the
-- stage an application was in before its last change, and outbox messages whose private link is
-- minted when they are sent. Applications stored before have no link until the applicant asks
-- for one on the privacy page, and no previous stage until they next move.
CREATE TABLE "application_links" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "previous_stage" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "private_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "application_links" ADD CONSTRAINT "application_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;