CREATE TABLE "media_assets" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"state" varchar(16) NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"output_key" varchar(300),
	"error" varchar(64),
	"job_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;