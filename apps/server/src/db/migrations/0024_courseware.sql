CREATE TABLE "courseware_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(30) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"depth" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coursewares" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"type" varchar(16) NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"mobile_play" boolean DEFAULT true NOT NULL,
	"download" boolean DEFAULT false NOT NULL,
	"category_id" integer,
	"org_id" integer,
	"uploaded_by" integer,
	"file_id" integer NOT NULL,
	"scorm_package_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coursewares_type_check" CHECK ("coursewares"."type" in ('scorm', 'general', 'video', 'audio'))
);
--> statement-breakpoint
ALTER TABLE "courseware_categories" ADD CONSTRAINT "courseware_categories_parent_id_courseware_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."courseware_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_category_id_courseware_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."courseware_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_scorm_package_id_scorm_packages_id_fk" FOREIGN KEY ("scorm_package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courseware_categories_parent_idx" ON "courseware_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "courseware_categories_path_idx" ON "courseware_categories" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "courseware_categories_parent_name_uq" ON "courseware_categories" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "coursewares_category_name_uq" ON "coursewares" USING btree (coalesce("category_id", 0),"name");--> statement-breakpoint
CREATE INDEX "coursewares_org_idx" ON "coursewares" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "coursewares_category_idx" ON "coursewares" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "coursewares_file_idx" ON "coursewares" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "coursewares_scorm_package_idx" ON "coursewares" USING btree ("scorm_package_id");