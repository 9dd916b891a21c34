-- The visitor operations' throttles (src/server/throttle.ts): calls per key per fixed window; windows
-- that ended are removed by a sweep.
CREATE TABLE "throttle_windows" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "throttle_windows_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "throttle_windows_end" ON "throttle_windows" USING btree ("window_end");