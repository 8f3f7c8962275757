CREATE TABLE "train_course_categories" (
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
CREATE TABLE "train_course_lecturers" (
	"train_course_id" integer NOT NULL,
	"lecturer_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "train_course_lecturers_pk" PRIMARY KEY("train_course_id","lecturer_id")
);
--> statement-breakpoint
CREATE TABLE "train_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"category_id" integer,
	"hours" numeric(4, 1) NOT NULL,
	"audience" varchar(200) DEFAULT '' NOT NULL,
	"objectives" text DEFAULT '' NOT NULL,
	"outline" text DEFAULT '' NOT NULL,
	"cover" varchar(300),
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'enabled' NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_courses_status_check" CHECK ("train_courses"."status" in ('enabled', 'disabled')),
	CONSTRAINT "train_courses_hours_check" CHECK ("train_courses"."hours" > 0),
	CONSTRAINT "train_courses_attachments_check" CHECK (jsonb_array_length("train_courses"."attachments") <= 5)
);
--> statement-breakpoint
ALTER TABLE "train_course_categories" ADD CONSTRAINT "train_course_categories_parent_id_train_course_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."train_course_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_course_lecturers" ADD CONSTRAINT "train_course_lecturers_train_course_id_train_courses_id_fk" FOREIGN KEY ("train_course_id") REFERENCES "public"."train_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_course_lecturers" ADD CONSTRAINT "train_course_lecturers_lecturer_id_lecturers_id_fk" FOREIGN KEY ("lecturer_id") REFERENCES "public"."lecturers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_courses" ADD CONSTRAINT "train_courses_category_id_train_course_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."train_course_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_courses" ADD CONSTRAINT "train_courses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_courses" ADD CONSTRAINT "train_courses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_course_categories_parent_idx" ON "train_course_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "train_course_categories_path_idx" ON "train_course_categories" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "train_course_categories_parent_name_uq" ON "train_course_categories" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "train_course_lecturers_lecturer_idx" ON "train_course_lecturers" USING btree ("lecturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_courses_name_uq" ON "train_courses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "train_courses_org_idx" ON "train_courses" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "train_courses_category_idx" ON "train_courses" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "train_courses_status_idx" ON "train_courses" USING btree ("status","id");--> statement-breakpoint
-- The list (defineList) caches its totals under table_versions (see 0007, 0021).
CREATE TRIGGER train_courses_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_courses
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER train_course_categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_course_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER train_course_lecturers_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_course_lecturers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
