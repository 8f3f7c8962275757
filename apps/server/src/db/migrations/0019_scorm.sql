CREATE TABLE "scorm_files" (
	"package_id" integer NOT NULL,
	"path" varchar(1000) NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"size" bigint NOT NULL,
	CONSTRAINT "scorm_files_pk" PRIMARY KEY("package_id","path")
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(500) NOT NULL,
	"version" varchar(20) NOT NULL,
	"identifier" varchar(500) DEFAULT '' NOT NULL,
	"uploaded_by" integer,
	"org_id" integer,
	"file_name" varchar(255) NOT NULL,
	"catalog" jsonb NOT NULL,
	"scos" jsonb NOT NULL,
	"storage_prefix" varchar(100) NOT NULL,
	"packed_size" bigint NOT NULL,
	"unpacked_size" bigint NOT NULL,
	"file_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_runtime" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"sco_id" varchar(200) NOT NULL,
	"context_key" varchar(100) NOT NULL,
	"lesson_status" varchar(20) DEFAULT 'not attempted' NOT NULL,
	"score_raw" double precision,
	"score_min" double precision,
	"score_max" double precision,
	"lesson_location" varchar(255) DEFAULT '' NOT NULL,
	"suspend_data" text DEFAULT '' NOT NULL,
	"total_time_cs" bigint DEFAULT 0 NOT NULL,
	"exit" varchar(20) DEFAULT '' NOT NULL,
	"first_committed_at" timestamp with time zone,
	"last_committed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"runtime_id" integer NOT NULL,
	"session_time_cs" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "scorm_files" ADD CONSTRAINT "scorm_files_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime" ADD CONSTRAINT "scorm_runtime_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime" ADD CONSTRAINT "scorm_runtime_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_sessions" ADD CONSTRAINT "scorm_sessions_runtime_id_scorm_runtime_id_fk" FOREIGN KEY ("runtime_id") REFERENCES "public"."scorm_runtime"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scorm_packages_uploaded_by_idx" ON "scorm_packages" USING btree ("uploaded_by","id");--> statement-breakpoint
CREATE INDEX "scorm_packages_org_id_idx" ON "scorm_packages" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_runtime_user_pkg_ctx_sco_uq" ON "scorm_runtime" USING btree ("user_id","package_id","context_key","sco_id");--> statement-breakpoint
CREATE INDEX "scorm_runtime_package_idx" ON "scorm_runtime" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "scorm_sessions_runtime_idx" ON "scorm_sessions" USING btree ("runtime_id");