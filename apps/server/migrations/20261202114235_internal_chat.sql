CREATE TABLE "internal_chat_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inspection_order_id" uuid NOT NULL,
	"last_message_index" integer DEFAULT 0 NOT NULL,
	"last_text" text,
	"last_sender" text,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internal_chat_members" (
	"channel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internal_chat_members_channel_id_user_id_pk" PRIMARY KEY("channel_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "internal_chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"sender_id" uuid NOT NULL,
	"sender_name" text NOT NULL,
	"sender_type" text DEFAULT 'worker' NOT NULL,
	"text" text NOT NULL,
	"client_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "internal_chat_channels" ADD CONSTRAINT "internal_chat_channels_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_chat_channels" ADD CONSTRAINT "internal_chat_channels_inspection_order_id_inspection_orders_id_fk" FOREIGN KEY ("inspection_order_id") REFERENCES "public"."inspection_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_chat_members" ADD CONSTRAINT "internal_chat_members_channel_id_internal_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."internal_chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_chat_members" ADD CONSTRAINT "internal_chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_chat_messages" ADD CONSTRAINT "internal_chat_messages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_chat_messages" ADD CONSTRAINT "internal_chat_messages_channel_id_internal_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."internal_chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_chat_messages" ADD CONSTRAINT "internal_chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "internal_chat_channels_order" ON "internal_chat_channels" USING btree ("inspection_order_id");--> statement-breakpoint
CREATE INDEX "internal_chat_channels_store_latest_idx" ON "internal_chat_channels" USING btree ("store_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "internal_chat_members_user_idx" ON "internal_chat_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "internal_chat_messages_channel_idx" ON "internal_chat_messages" USING btree ("channel_id","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "internal_chat_messages_client_id" ON "internal_chat_messages" USING btree ("channel_id","sender_id","client_message_id") WHERE "internal_chat_messages"."client_message_id" is not null;