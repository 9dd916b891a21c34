-- pg_trgm ships with PostgreSQL (contrib) and PGlite; it is a trusted extension (PostgreSQL 13+): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "listings_search" ON "listings" USING gin (("address" || ' ' || "city" || ' ' || "description") gin_trgm_ops);
