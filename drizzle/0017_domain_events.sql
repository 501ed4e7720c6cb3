-- Domain events (events/record-event.ts, events/event-dispatcher.ts): what happened, recorded in
-- the transaction of the change, with ids only (never personal data), and a delivery per event and
-- subscriber, claimed as the e-mail outbox's messages are, so each subscriber gets each event once
-- whichever instance delivers it. Nothing is filled: no event is made up for what happened before.
CREATE TABLE "domain_event_deliveries" (
	"subscriber" text NOT NULL,
	"event_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" uuid,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "domain_event_deliveries_subscriber_event_id_pk" PRIMARY KEY("subscriber","event_id")
);
--> statement-breakpoint
CREATE TABLE "domain_event_subscribers" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" ADD CONSTRAINT "domain_event_deliveries_subscriber_domain_event_subscribers_name_fk" FOREIGN KEY ("subscriber") REFERENCES "public"."domain_event_subscribers"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" ADD CONSTRAINT "domain_event_deliveries_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_event_deliveries_waiting_idx" ON "domain_event_deliveries" USING btree ("subscriber","next_attempt_at") WHERE "domain_event_deliveries"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "domain_event_deliveries_event_idx" ON "domain_event_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("created_at");