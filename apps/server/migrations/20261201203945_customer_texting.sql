CREATE TABLE "conversations" (
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"phone" text,
	"last_text" text NOT NULL,
	"last_sender" text NOT NULL,
	"last_sender_type" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversations_store_id_customer_id_pk" PRIMARY KEY("store_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "text_consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"permission_to_text" boolean NOT NULL,
	"source" text NOT NULL,
	"keyword" text,
	"phone" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"user_id" uuid,
	"sender_type" text NOT NULL,
	"sender_name" text NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"via" text,
	"sent_message_id" uuid,
	"scheduled_for" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"automatic" boolean DEFAULT false NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_consent_events" ADD CONSTRAINT "text_consent_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_consent_events" ADD CONSTRAINT "text_consent_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_consent_events" ADD CONSTRAINT "text_consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_sent_message_id_sent_messages_id_fk" FOREIGN KEY ("sent_message_id") REFERENCES "public"."sent_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_store_list_idx" ON "conversations" USING btree ("store_id","error_count" DESC NULLS LAST,"unread_count" DESC NULLS LAST,"last_message_at" DESC NULLS LAST,"customer_id");--> statement-breakpoint
CREATE INDEX "conversations_store_counts_idx" ON "conversations" USING btree ("store_id","customer_id") WHERE "conversations"."unread_count" > 0 or "conversations"."error_count" > 0;--> statement-breakpoint
CREATE INDEX "conversations_phone_idx" ON "conversations" USING btree ("phone","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "text_consent_events_store_customer_idx" ON "text_consent_events" USING btree ("store_id","customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_store_message_id_idx" ON "text_messages" USING btree ("store_id","message_id");--> statement-breakpoint
CREATE INDEX "text_messages_store_customer_idx" ON "text_messages" USING btree ("store_id","customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "text_messages_sent_message_idx" ON "text_messages" USING btree ("sent_message_id");--> statement-breakpoint
CREATE INDEX "text_messages_scheduled_idx" ON "text_messages" USING btree ("scheduled_for") WHERE "text_messages"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "text_messages_local_gateway_idx" ON "text_messages" USING btree ("updated_at") WHERE "text_messages"."via" = 'local' and "text_messages"."status" in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "sent_messages_provider_message_idx" ON "sent_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "customers_mobile_idx" ON "customers" USING btree ("mobile_phone");