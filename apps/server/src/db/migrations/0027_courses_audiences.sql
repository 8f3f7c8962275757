CREATE TABLE "audience_targets" (
	"owner_type" varchar(32) NOT NULL,
	"owner_id" integer NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "audience_targets_pk" PRIMARY KEY("owner_type","owner_id","target_type","target_id"),
	CONSTRAINT "audience_targets_type_check" CHECK ("audience_targets"."target_type" in ('user', 'org', 'position', 'group'))
);
--> statement-breakpoint
CREATE TABLE "course_categories" (
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
CREATE TABLE "course_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"courseware_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_lecturers" (
	"course_id" integer NOT NULL,
	"lecturer_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_lecturers_pk" PRIMARY KEY("course_id","lecturer_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"category_id" integer,
	"cover_file_id" integer,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"valid_until" timestamp with time zone,
	"credit" integer DEFAULT 0 NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"pass_progress" integer DEFAULT 100 NOT NULL,
	"pass_score" integer,
	"certificate_template_id" integer,
	"anti_cheat" boolean DEFAULT false NOT NULL,
	"anti_cheat_interval" integer,
	"anti_skip" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"approval" varchar(16) DEFAULT 'none' NOT NULL,
	"approval_reason" varchar(200),
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "courses_status_check" CHECK ("courses"."status" in ('draft', 'published', 'unpublished', 'offshelf')),
	CONSTRAINT "courses_approval_check" CHECK ("courses"."approval" in ('none', 'pending', 'approved', 'refused')),
	CONSTRAINT "courses_credit_check" CHECK ("courses"."credit" between 0 and 99),
	CONSTRAINT "courses_pass_progress_check" CHECK ("courses"."pass_progress" between 0 and 100),
	CONSTRAINT "courses_pass_score_check" CHECK ("courses"."pass_score" is null or "courses"."pass_score" between 0 and 100),
	CONSTRAINT "courses_anti_cheat_check" CHECK (not "courses"."anti_cheat" or "courses"."anti_cheat_interval" > 0)
);
--> statement-breakpoint
ALTER TABLE "course_categories" ADD CONSTRAINT "course_categories_parent_id_course_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."course_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_chapters" ADD CONSTRAINT "course_chapters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_chapter_id_course_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."course_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_courseware_id_coursewares_id_fk" FOREIGN KEY ("courseware_id") REFERENCES "public"."coursewares"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lecturers" ADD CONSTRAINT "course_lecturers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lecturers" ADD CONSTRAINT "course_lecturers_lecturer_id_lecturers_id_fk" FOREIGN KEY ("lecturer_id") REFERENCES "public"."lecturers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_course_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."course_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_certificate_template_id_certificate_templates_id_fk" FOREIGN KEY ("certificate_template_id") REFERENCES "public"."certificate_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_targets_target_idx" ON "audience_targets" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "course_categories_parent_idx" ON "course_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "course_categories_path_idx" ON "course_categories" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "course_categories_parent_name_uq" ON "course_categories" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "course_chapters_course_name_uq" ON "course_chapters" USING btree ("course_id","name");--> statement-breakpoint
CREATE INDEX "course_chapters_course_idx" ON "course_chapters" USING btree ("course_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "course_items_chapter_courseware_uq" ON "course_items" USING btree ("chapter_id","courseware_id");--> statement-breakpoint
CREATE INDEX "course_items_chapter_idx" ON "course_items" USING btree ("chapter_id","sort");--> statement-breakpoint
CREATE INDEX "course_items_courseware_idx" ON "course_items" USING btree ("courseware_id");--> statement-breakpoint
CREATE INDEX "course_lecturers_lecturer_idx" ON "course_lecturers" USING btree ("lecturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_name_uq" ON "courses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "courses_org_idx" ON "courses" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "courses_status_idx" ON "courses" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "courses_cover_idx" ON "courses" USING btree ("cover_file_id");--> statement-breakpoint
CREATE INDEX "courses_certificate_template_idx" ON "courses" USING btree ("certificate_template_id");