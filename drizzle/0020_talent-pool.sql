CREATE TABLE "talent_pool_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"departments" text[] DEFAULT '{}'::text[] NOT NULL,
	"applied_for" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cv_key" text,
	"cv_size" integer,
	"source" text NOT NULL,
	"notice_version" text NOT NULL,
	"consent_given_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"consent_ends_at" timestamp with time zone NOT NULL,
	"renewal_asked_at" timestamp with time zone,
	"last_invited_at" timestamp with time zone,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_pool_offers" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_pool_offers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "talent_pool_offers" ADD CONSTRAINT "talent_pool_offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "talent_pool_members_email_idx" ON "talent_pool_members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_pool_members_token_idx" ON "talent_pool_members" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "talent_pool_members_ends_idx" ON "talent_pool_members" USING btree ("consent_ends_at");