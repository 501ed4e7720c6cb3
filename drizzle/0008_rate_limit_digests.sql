-- Counters kept until now are keyed by e-mail and client addresses in clear; they count for a
-- minute to a day, so dropping them costs nothing and leaves no address behind.
DELETE FROM "rate_limits";--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");
