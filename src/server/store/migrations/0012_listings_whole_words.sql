ALTER TABLE "listings" ADD COLUMN "whole_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_whole_words" ON "listings" USING gin ("whole_words");