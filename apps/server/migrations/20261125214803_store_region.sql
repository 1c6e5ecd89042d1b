ALTER TABLE "stores" ADD COLUMN "country" text DEFAULT 'us' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "state" text;