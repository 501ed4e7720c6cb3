CREATE TABLE "job_alert_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"alert_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_alert_postings" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"query" text NOT NULL,
	"frequency" text NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirm_token_hash" text,
	"confirm_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"last_click_at" timestamp with time zone,
	"keep_asked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"covered_seq" bigint DEFAULT 0 NOT NULL,
	"covered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE INDEX "job_alert_links_alert_idx" ON "job_alert_links" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "job_alerts_email_idx" ON "job_alerts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "job_alerts_confirm_idx" ON "job_alerts" USING btree ("confirm_token_hash");