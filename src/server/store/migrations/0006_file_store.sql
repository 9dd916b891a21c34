CREATE TABLE "file_bytes" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"upload_key" text NOT NULL,
	"size" integer NOT NULL,
	"chunk_bytes" integer NOT NULL,
	CONSTRAINT "file_bytes_upload_key_unique" UNIQUE("upload_key")
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"upload_key" text NOT NULL,
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_chunks_upload_key_seq_pk" PRIMARY KEY("upload_key","seq")
);
--> statement-breakpoint
ALTER TABLE "file_bytes" ADD CONSTRAINT "file_bytes_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Images and videos are compressed already: stored out of line as they are, not tried with pglz first;
-- uncompressed, a substring of a chunk (a range, a file's head) reads only its own pages.
ALTER TABLE "file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
