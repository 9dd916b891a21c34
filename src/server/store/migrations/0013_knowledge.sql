CREATE TABLE "knowledge_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"chatbot" text NOT NULL,
	"position" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"aliases" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', heading || ' ' || aliases), 'A') || setweight(to_tsvector('english', body), 'B')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"chatbot" text NOT NULL,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"given_title" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"phrasings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"parent_id" integer,
	"state" text DEFAULT 'ready' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"etag" text DEFAULT '' NOT NULL,
	"last_modified" text DEFAULT '' NOT NULL,
	"content_hash" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_chatbot_chatbots_serial_number_fk" FOREIGN KEY ("chatbot") REFERENCES "public"."chatbots"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_parent_id_knowledge_sources_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_passages_by_source" ON "knowledge_passages" USING btree ("source_id","position");--> statement-breakpoint
CREATE INDEX "knowledge_passages_by_chatbot" ON "knowledge_passages" USING btree ("chatbot");--> statement-breakpoint
CREATE INDEX "knowledge_passages_search" ON "knowledge_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_passages_heading_trgm" ON "knowledge_passages" USING gin ((heading || ' ' || aliases) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "knowledge_sources_by_chatbot" ON "knowledge_sources" USING btree ("chatbot","kind");--> statement-breakpoint
CREATE INDEX "knowledge_sources_by_parent" ON "knowledge_sources" USING btree ("parent_id");