CREATE TABLE "feedback" (
	"answer_id" integer PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"chatbot" text NOT NULL,
	"rating" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "asked" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "page_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rate_limited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_answer_id_messages_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_chatbot_updated" ON "feedback" USING btree ("chatbot","updated_at");--> statement-breakpoint
CREATE INDEX "feedback_session" ON "feedback" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "messages_search" ON "messages" USING gin (to_tsvector('simple', "content"));