CREATE TABLE "vin_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"language" text NOT NULL,
	"token_hash" text NOT NULL,
	"vin" text,
	"scanned_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vin_scans" ADD CONSTRAINT "vin_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vin_scans_token_hash_idx" ON "vin_scans" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "vin_scans_user_origin_idx" ON "vin_scans" USING btree ("user_id","origin","scanned_at");--> statement-breakpoint
CREATE INDEX "vin_scans_expires_idx" ON "vin_scans" USING btree ("expires_at");