CREATE TABLE "protractor_sim_clock_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"type" text NOT NULL,
	"work_order_id" uuid,
	"service_package_line_id" text,
	"clocked_in" timestamp with time zone NOT NULL,
	"clocked_out" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "protractor_sim_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"part_number" text,
	"description" text NOT NULL,
	"quantity" real NOT NULL,
	"declined" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'quoted' NOT NULL,
	"external_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protractor_sim_work_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inspection_order_id" uuid NOT NULL,
	"header_description" text DEFAULT '' NOT NULL,
	"footer_title" text DEFAULT '' NOT NULL,
	"footer_description" text DEFAULT '' NOT NULL,
	"invoice_time" timestamp with time zone,
	"deletion_time" timestamp with time zone,
	"service_packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_links" (
	"inspection_order_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"work_order_id" text NOT NULL,
	"header_description" text,
	"footer_title" text,
	"footer_description" text,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_webhook_receipts" (
	"store_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_webhook_receipts_store_id_signature_pk" PRIMARY KEY("store_id","signature")
);
--> statement-breakpoint
ALTER TABLE "protractor_sim_parts" ADD CONSTRAINT "protractor_sim_parts_work_order_id_protractor_sim_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."protractor_sim_work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_links" ADD CONSTRAINT "work_order_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_webhook_receipts" ADD CONSTRAINT "work_order_webhook_receipts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protractor_sim_clock_events_employee_idx" ON "protractor_sim_clock_events" USING btree ("store_id","employee_id","clocked_in");--> statement-breakpoint
CREATE INDEX "protractor_sim_clock_events_work_order_idx" ON "protractor_sim_clock_events" USING btree ("store_id","work_order_id");--> statement-breakpoint
CREATE INDEX "protractor_sim_parts_work_order_idx" ON "protractor_sim_parts" USING btree ("store_id","work_order_id");--> statement-breakpoint
CREATE INDEX "protractor_sim_work_orders_store_order_idx" ON "protractor_sim_work_orders" USING btree ("store_id","inspection_order_id");--> statement-breakpoint
CREATE INDEX "work_order_links_store_work_order_idx" ON "work_order_links" USING btree ("store_id","work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_webhook_receipts_received_idx" ON "work_order_webhook_receipts" USING btree ("received_at");