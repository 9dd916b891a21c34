ALTER TABLE "knowledge_passages" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD COLUMN "embedding_model" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "knowledge_passages_unembedded" ON "knowledge_passages" USING btree ("id") WHERE embedding IS NULL;