CREATE TABLE "conversation_holds" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"chatbot" text NOT NULL,
	"agent_name" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"active_at" timestamp with time zone NOT NULL,
	"first_reply_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chatbot" text NOT NULL,
	"session_id" integer NOT NULL,
	"audience" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"chatbot" text NOT NULL,
	"session_id" integer,
	"address" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "agent_name" text;--> statement-breakpoint
ALTER TABLE "conversation_holds" ADD CONSTRAINT "conversation_holds_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_owner" ON "live_events" USING btree ("chatbot","id");--> statement-breakpoint
CREATE INDEX "live_events_visitor" ON "live_events" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "live_events_created" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "live_streams_chatbot" ON "live_streams" USING btree ("chatbot","kind");--> statement-breakpoint
CREATE INDEX "live_streams_session" ON "live_streams" USING btree ("session_id");