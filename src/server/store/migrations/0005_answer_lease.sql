ALTER TABLE "messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "charged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_streaming" ON "messages" USING btree ("lease_until") WHERE "messages"."status" = 'streaming';