CREATE TABLE "login_failures" (
	"username_key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tokens_cut_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "login_failures_last_failed_idx" ON "login_failures" USING btree ("last_failed_at");--> statement-breakpoint
CREATE INDEX "users_tokens_cut_at_idx" ON "users" USING btree ("tokens_cut_at") WHERE "users"."tokens_cut_at" is not null;--> statement-breakpoint
-- Failures already counted on the users carry over to the per-name table before their columns go.
INSERT INTO "login_failures" ("username_key", "failures", "locked_until") SELECT lower("username"), "failed_logins", "locked_until" FROM "users" WHERE "failed_logins" > 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";