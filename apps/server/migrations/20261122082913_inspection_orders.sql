CREATE TABLE "inspection_order_time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inspection_order_id" uuid NOT NULL,
	"technician_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inspection_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"service_advisor_id" uuid,
	"technician_id" uuid,
	"inspection_type" uuid,
	"order_number" text,
	"order_number_key" text collate "C",
	"waiting" boolean DEFAULT false NOT NULL,
	"note" text,
	"time_promised" timestamp with time zone,
	"mileage_in" integer,
	"mileage_out" integer,
	"vehicle_in_shop" boolean DEFAULT true NOT NULL,
	"scheduled" timestamp with time zone,
	"state_inspection" text DEFAULT 'notStarted' NOT NULL,
	"state_estimate" text DEFAULT 'notStarted' NOT NULL,
	"state_approval" text DEFAULT 'notStarted' NOT NULL,
	"state_report" text DEFAULT 'notStarted' NOT NULL,
	"state_parts" text DEFAULT 'notStarted' NOT NULL,
	"state_work" text DEFAULT 'notStarted' NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"finished" boolean DEFAULT false NOT NULL,
	"estimate_status" text,
	"estimate_delivery" text DEFAULT 'NOT_SENT' NOT NULL,
	"report_status" text,
	"report_last_viewed" timestamp with time zone,
	"meeting_status" text,
	"repair_order_id" text,
	"blocked_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_picture_key" text,
	"primary_picture_name" text,
	"primary_picture_source" text,
	"time_tracker_started_at" timestamp with time zone,
	"time_tracker_seconds" integer DEFAULT 0 NOT NULL,
	"include_maintenance_in_report" boolean DEFAULT false NOT NULL,
	"is_customer_notified_about_repair" boolean DEFAULT false NOT NULL,
	"checked_with_hunter" boolean DEFAULT false NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_order_time_entries" ADD CONSTRAINT "inspection_order_time_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order_time_entries" ADD CONSTRAINT "inspection_order_time_entries_inspection_order_id_inspection_orders_id_fk" FOREIGN KEY ("inspection_order_id") REFERENCES "public"."inspection_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order_time_entries" ADD CONSTRAINT "inspection_order_time_entries_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_orders" ADD CONSTRAINT "inspection_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_orders" ADD CONSTRAINT "inspection_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_orders" ADD CONSTRAINT "inspection_orders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_orders" ADD CONSTRAINT "inspection_orders_service_advisor_id_users_id_fk" FOREIGN KEY ("service_advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_orders" ADD CONSTRAINT "inspection_orders_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_order_time_entries_order_idx" ON "inspection_order_time_entries" USING btree ("store_id","inspection_order_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_order_time_entries_running_key" ON "inspection_order_time_entries" USING btree ("inspection_order_id") WHERE "inspection_order_time_entries"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "inspection_orders_open_number_desc_idx" ON "inspection_orders" USING btree ("store_id","vehicle_in_shop","order_number_key" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inspection_orders"."closed" = false;--> statement-breakpoint
CREATE INDEX "inspection_orders_open_number_asc_idx" ON "inspection_orders" USING btree ("store_id","vehicle_in_shop","order_number_key","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inspection_orders"."closed" = false;--> statement-breakpoint
CREATE INDEX "inspection_orders_open_waiting_desc_idx" ON "inspection_orders" USING btree ("store_id","vehicle_in_shop","waiting" DESC NULLS LAST,"order_number_key" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inspection_orders"."closed" = false;--> statement-breakpoint
CREATE INDEX "inspection_orders_open_waiting_asc_idx" ON "inspection_orders" USING btree ("store_id","vehicle_in_shop","waiting" DESC NULLS LAST,"order_number_key","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inspection_orders"."closed" = false;--> statement-breakpoint
CREATE INDEX "inspection_orders_appointments_idx" ON "inspection_orders" USING btree ("store_id","scheduled","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inspection_orders"."closed" = false and "inspection_orders"."vehicle_in_shop" = false;--> statement-breakpoint
CREATE INDEX "inspection_orders_open_technician_idx" ON "inspection_orders" USING btree ("store_id","technician_id") WHERE "inspection_orders"."closed" = false;--> statement-breakpoint
CREATE INDEX "inspection_orders_open_advisor_idx" ON "inspection_orders" USING btree ("store_id","service_advisor_id") WHERE "inspection_orders"."closed" = false;--> statement-breakpoint
CREATE INDEX "inspection_orders_number_idx" ON "inspection_orders" USING btree ("store_id","order_number_key" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspection_orders_vehicle_idx" ON "inspection_orders" USING btree ("store_id","vehicle_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspection_orders_customer_idx" ON "inspection_orders" USING btree ("store_id","customer_id");