CREATE TABLE "estimate_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"estimate_id" uuid NOT NULL,
	"result_id" uuid,
	"description" text NOT NULL,
	"labour_hours" double precision DEFAULT 0 NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inspection_order_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"labour_rate" integer NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inspection_order_id" uuid NOT NULL,
	"decisions" jsonb NOT NULL,
	"estimate_version" integer,
	"estimate_total" integer,
	"approved_total" integer,
	"signer_name" text NOT NULL,
	"signature_key" text NOT NULL,
	"via" text NOT NULL,
	"report_link_id" uuid,
	"portal_user_id" uuid,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inspection_order_id" uuid NOT NULL,
	"report_link_id" uuid,
	"worker_id" uuid,
	"notification" text NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"language" text NOT NULL,
	"sent_message_id" uuid,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inspection_order_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"last_opened_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "inspection_results" ADD COLUMN "customer_decision" text;--> statement-breakpoint
ALTER TABLE "inspection_results" ADD COLUMN "customer_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_result_id_inspection_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."inspection_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_inspection_order_id_inspection_orders_id_fk" FOREIGN KEY ("inspection_order_id") REFERENCES "public"."inspection_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_approvals" ADD CONSTRAINT "report_approvals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_approvals" ADD CONSTRAINT "report_approvals_inspection_order_id_inspection_orders_id_fk" FOREIGN KEY ("inspection_order_id") REFERENCES "public"."inspection_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_approvals" ADD CONSTRAINT "report_approvals_report_link_id_report_links_id_fk" FOREIGN KEY ("report_link_id") REFERENCES "public"."report_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_approvals" ADD CONSTRAINT "report_approvals_portal_user_id_users_id_fk" FOREIGN KEY ("portal_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_inspection_order_id_inspection_orders_id_fk" FOREIGN KEY ("inspection_order_id") REFERENCES "public"."inspection_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_report_link_id_report_links_id_fk" FOREIGN KEY ("report_link_id") REFERENCES "public"."report_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_sent_message_id_sent_messages_id_fk" FOREIGN KEY ("sent_message_id") REFERENCES "public"."sent_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_inspection_order_id_inspection_orders_id_fk" FOREIGN KEY ("inspection_order_id") REFERENCES "public"."inspection_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_lines_estimate_idx" ON "estimate_lines" USING btree ("estimate_id","rank","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_lines_result_key" ON "estimate_lines" USING btree ("estimate_id","result_id") WHERE "estimate_lines"."result_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_order_key" ON "estimates" USING btree ("inspection_order_id");--> statement-breakpoint
CREATE INDEX "estimates_store_order_idx" ON "estimates" USING btree ("store_id","inspection_order_id");--> statement-breakpoint
CREATE INDEX "report_approvals_order_idx" ON "report_approvals" USING btree ("store_id","inspection_order_id","created_at");--> statement-breakpoint
CREATE INDEX "report_deliveries_order_idx" ON "report_deliveries" USING btree ("store_id","inspection_order_id","created_at");--> statement-breakpoint
CREATE INDEX "report_links_order_idx" ON "report_links" USING btree ("store_id","inspection_order_id","created_at");--> statement-breakpoint
CREATE INDEX "inspection_orders_report_reading_idx" ON "inspection_orders" USING btree ("report_last_viewed") WHERE "inspection_orders"."report_status" = 'reading';--> statement-breakpoint
-- The approval audit trail is append-only: once signed, a record is never changed or removed.
CREATE FUNCTION "report_approvals_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'report_approvals is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_approvals_append_only" BEFORE UPDATE OR DELETE ON "report_approvals"
  FOR EACH ROW EXECUTE FUNCTION "report_approvals_append_only"();
