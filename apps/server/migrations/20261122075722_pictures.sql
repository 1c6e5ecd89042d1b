ALTER TABLE "customers" ADD COLUMN "fleet_picture_key" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "fleet_picture_name" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "picture_key" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "picture_name" text;