-- Trigram search (pg_trgm) with the store id leading the GIN index (btree_gin); PGlite loads both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"household_id" uuid,
	"first_name" text,
	"last_name" text,
	"business" text,
	"honorific" text DEFAULT 'Mr' NOT NULL,
	"email" text,
	"mobile_phone" text,
	"home_phone" text,
	"work_phone" text,
	"primary_phone" text,
	"permission_to_text" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_intervals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"miles" integer NOT NULL,
	"kilometres" integer NOT NULL,
	"months" integer,
	"operation" text NOT NULL,
	"item" text NOT NULL,
	"powertrain" text DEFAULT 'all' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"household_id" uuid,
	"vin" text,
	"year" integer,
	"make" text,
	"model" text,
	"engine" text,
	"trim" text,
	"custom_ymme" boolean DEFAULT false NOT NULL,
	"car_id" text,
	"license_plate" text,
	"fleet_number" text,
	"color" text,
	"blocked_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_store_name_idx" ON "customers" USING btree ("store_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "customers_store_email_idx" ON "customers" USING btree ("store_id",lower("email"));--> statement-breakpoint
CREATE INDEX "customers_household_idx" ON "customers" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "customers_store_search_idx" ON "customers" USING gin ("store_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "households_store_idx" ON "households" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "maintenance_intervals_miles_idx" ON "maintenance_intervals" USING btree ("miles");--> statement-breakpoint
CREATE INDEX "vehicles_household_idx" ON "vehicles" USING btree ("household_id","year","id");--> statement-breakpoint
CREATE INDEX "vehicles_store_search_idx" ON "vehicles" USING gin ("store_id","search_text" gin_trgm_ops);--> statement-breakpoint
-- A generic schedule for light vehicles under normal service (whichever of distance or time comes first).
INSERT INTO "maintenance_intervals" ("miles", "kilometres", "months", "operation", "item", "powertrain") VALUES
  (5000, 8000, 6, 'Replace', 'Engine oil and filter', 'combustion'),
  (5000, 8000, 6, 'Rotate', 'Tires', 'all'),
  (5000, 8000, 6, 'Inspect', 'Brake pads and rotors', 'all'),
  (5000, 8000, 6, 'Inspect', 'Fluid levels', 'all'),
  (5000, 8000, 6, 'Inspect', 'Wiper blades', 'all'),
  (15000, 24000, 12, 'Replace', 'Cabin air filter', 'all'),
  (15000, 24000, 12, 'Inspect', 'Suspension and steering', 'all'),
  (15000, 24000, 12, 'Inspect', 'Exhaust system', 'combustion'),
  (30000, 48000, 24, 'Replace', 'Engine air filter', 'combustion'),
  (30000, 48000, 24, 'Replace', 'Brake fluid', 'all'),
  (30000, 48000, 24, 'Inspect', 'Drive belts', 'combustion'),
  (30000, 48000, 24, 'Inspect', '12-volt battery', 'all'),
  (50000, 80000, 48, 'Inspect', 'High-voltage battery coolant', 'electric'),
  (60000, 96000, 48, 'Replace', 'Automatic transmission fluid', 'combustion'),
  (60000, 96000, 48, 'Inspect', 'Cooling system and hoses', 'all'),
  (100000, 160000, 120, 'Replace', 'Spark plugs', 'combustion'),
  (100000, 160000, 120, 'Replace', 'Engine coolant', 'combustion'),
  (100000, 160000, 120, 'Inspect', 'Timing belt or chain', 'combustion');
