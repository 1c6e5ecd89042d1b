ALTER TABLE "refresh_tokens" ADD COLUMN "acting_type" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "acting_store_id" uuid;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_acting_store_id_stores_id_fk" FOREIGN KEY ("acting_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;