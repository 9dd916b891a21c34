CREATE TABLE "listing_terms" (
	"chatbot" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "listing_terms_chatbot_kind_value_pk" PRIMARY KEY("chatbot","kind","value")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "city_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "state_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "street_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "mls_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "house_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "page_key" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "url_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "address_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "sqft" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "words" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "keys_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_terms" ADD CONSTRAINT "listing_terms_chatbot_chatbots_serial_number_fk" FOREIGN KEY ("chatbot") REFERENCES "public"."chatbots"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_by_price" ON "listings" USING btree ("chatbot","sale_type","price");--> statement-breakpoint
CREATE INDEX "listings_by_city" ON "listings" USING btree ("chatbot","city_key","sale_type","price");--> statement-breakpoint
CREATE INDEX "listings_by_mls_key" ON "listings" USING btree ("chatbot","mls_key");--> statement-breakpoint
CREATE INDEX "listings_by_house_number" ON "listings" USING btree ("chatbot","house_number");--> statement-breakpoint
CREATE INDEX "listings_by_page_key" ON "listings" USING btree ("chatbot","page_key");--> statement-breakpoint
CREATE INDEX "listings_by_url_key" ON "listings" USING btree ("chatbot","url_key");--> statement-breakpoint
CREATE INDEX "listings_by_address_key" ON "listings" USING btree ("chatbot","address_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "listings_by_keys_version" ON "listings" USING btree ("keys_version");--> statement-breakpoint
CREATE INDEX "listings_words" ON "listings" USING gin ("words" gin_trgm_ops);