-- Where the file store keeps each file's bytes: a random key, never the row's id, so that a restored
-- copy of the database (whose ids repeat the live ones) sharing a bucket never overwrites a live file.
-- Files stored before this keep their id as their key, the name their bytes already have.
ALTER TABLE "files" ADD COLUMN "store_key" text;--> statement-breakpoint
UPDATE "files" SET "store_key" = "id"::text;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "store_key" SET DEFAULT gen_random_uuid()::text;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "store_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_store_key_unique" UNIQUE("store_key");
