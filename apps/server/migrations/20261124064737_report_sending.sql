ALTER TABLE "report_deliveries" ADD COLUMN "send_key" text;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD COLUMN "third_party" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD COLUMN "include_payment_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "report_deliveries_send_key_idx" ON "report_deliveries" USING btree ("inspection_order_id","send_key");