CREATE TABLE "viewings" (
	"id" text PRIMARY KEY NOT NULL,
	"chatbot" text NOT NULL,
	"listing_id" text NOT NULL,
	"address" text NOT NULL,
	"listing_url" text DEFAULT '' NOT NULL,
	"mls_number" text DEFAULT '' NOT NULL,
	"session_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"origin" text NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_chatbot_chatbots_serial_number_fk" FOREIGN KEY ("chatbot") REFERENCES "public"."chatbots"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewings_one_per_slot" ON "viewings" USING btree ("chatbot","start_at") WHERE state = 'booked';--> statement-breakpoint
CREATE INDEX "viewings_chatbot_start" ON "viewings" USING btree ("chatbot","start_at");--> statement-breakpoint
CREATE INDEX "viewings_reminder_due" ON "viewings" USING btree ("start_at") WHERE state = 'booked' AND reminded_at IS NULL;--> statement-breakpoint
-- The [ext] viewing settings: chatbots made before them get the defaults (no showing hours: no booking), so every stored chatbot holds every setting.
UPDATE "chatbots" SET "settings" = '{"ViewingHours": [], "ViewingMinutes": 30, "ViewingNoticeHours": 12, "ViewingBufferMinutes": 0, "ViewingDays": 14, "ViewingEmail": ""}'::jsonb || "settings" WHERE NOT ("settings" ? 'ViewingHours');
