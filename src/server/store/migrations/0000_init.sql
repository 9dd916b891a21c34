CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "chatbots" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digests" (
	"chatbot" text NOT NULL,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digests_chatbot_kind_day_pk" PRIMARY KEY("chatbot","kind","day")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"session_id" integer,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"mime_type" text DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"upload_token_hash" text NOT NULL,
	"upload_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"chatbot" text NOT NULL,
	"session_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" text PRIMARY KEY NOT NULL,
	"chatbot" text NOT NULL,
	"sale_type" text NOT NULL,
	"status" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"property_type" text NOT NULL,
	"bedrooms" integer NOT NULL,
	"bathrooms" double precision NOT NULL,
	"url" text NOT NULL,
	"mls_number" text NOT NULL,
	"year_built" integer NOT NULL,
	"days_on_market" integer NOT NULL,
	"lot_area" double precision NOT NULL,
	"building_area" double precision NOT NULL,
	"area_unit" text NOT NULL,
	"parking_spots" integer NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tours" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"extension_column" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"sale_price" double precision,
	"unit_area_price" double precision,
	"hoa_month" double precision,
	"estimate_price" double precision,
	"rent_price" double precision,
	"space_type" text DEFAULT '' NOT NULL,
	"deposit_fee" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"chatbot" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"ask_type" text DEFAULT 'Text' NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_message_id" text,
	"question_id" integer,
	"status" text NOT NULL,
	"total_token" integer DEFAULT 0 NOT NULL,
	"no_answer" boolean DEFAULT false NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_counts" (
	"chatbot" text NOT NULL,
	"month" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "monthly_counts_chatbot_month_pk" PRIMARY KEY("chatbot","month")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"chatbot" text NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_sessions" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chatbot" text NOT NULL,
	"client_ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"chatbot" text NOT NULL,
	"opened_by" text NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_chatbot_chatbots_serial_number_fk" FOREIGN KEY ("chatbot") REFERENCES "public"."chatbots"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_chatbot_chatbots_serial_number_fk" FOREIGN KEY ("chatbot") REFERENCES "public"."chatbots"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_sessions" ADD CONSTRAINT "owner_sessions_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_chatbot_chatbots_serial_number_fk" FOREIGN KEY ("chatbot") REFERENCES "public"."chatbots"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_chatbot_created" ON "leads" USING btree ("chatbot","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_mls" ON "listings" USING btree ("chatbot","mls_number");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_url" ON "listings" USING btree ("chatbot","url");--> statement-breakpoint
CREATE INDEX "listings_chatbot_status" ON "listings" USING btree ("chatbot","status","sale_type");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_message_id" ON "messages" USING btree ("session_id","client_message_id") WHERE "messages"."role" = 'question';--> statement-breakpoint
CREATE UNIQUE INDEX "messages_answer_of" ON "messages" USING btree ("question_id") WHERE "messages"."role" = 'answer';--> statement-breakpoint
CREATE INDEX "messages_session" ON "messages" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "messages_chatbot_created" ON "messages" USING btree ("chatbot","created_at");--> statement-breakpoint
CREATE INDEX "rate_events_window" ON "rate_events" USING btree ("chatbot","client_ip","at");--> statement-breakpoint
CREATE INDEX "sessions_chatbot_created" ON "sessions" USING btree ("chatbot","created_at");