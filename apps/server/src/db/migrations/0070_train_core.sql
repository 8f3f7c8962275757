CREATE TABLE "train_class_budget_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"project" varchar(20) NOT NULL,
	"amount_per_capita" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "train_class_budget_items_amount_check" CHECK ("train_class_budget_items"."amount_per_capita" between 1 and 999999)
);
--> statement-breakpoint
CREATE TABLE "train_class_courses" (
	"class_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "train_class_courses_pk" PRIMARY KEY("class_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "train_class_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"boardroom_id" integer,
	"train_place_id" integer,
	"place_text" varchar(200) DEFAULT '' NOT NULL,
	"lecturer_id" integer,
	"train_course_id" integer,
	"topic" varchar(200) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "train_class_stages_times_check" CHECK ("train_class_stages"."starts_at" < "train_class_stages"."ends_at"),
	CONSTRAINT "train_class_stages_place_check" CHECK (not ("train_class_stages"."boardroom_id" is not null and "train_class_stages"."train_place_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "train_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(200) NOT NULL,
	"status" varchar(24) DEFAULT 'toPublish' NOT NULL,
	"mode" varchar(16) DEFAULT 'faceToFace' NOT NULL,
	"form" varchar(16) DEFAULT 'internal' NOT NULL,
	"plan_kind" varchar(16) DEFAULT 'outsidePlan' NOT NULL,
	"year_plan_line_id" integer,
	"purpose" varchar(2000) DEFAULT '' NOT NULL,
	"days" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"enrol_start_at" timestamp with time zone NOT NULL,
	"enrol_end_at" timestamp with time zone NOT NULL,
	"trainee_quota" integer NOT NULL,
	"enrol_approval" boolean DEFAULT false NOT NULL,
	"queue_enabled" boolean DEFAULT true NOT NULL,
	"application_notice" varchar(200) DEFAULT '' NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"contact" varchar(30) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"cover_file" varchar(64),
	"preview_file" varchar(64),
	"headmaster_id" integer,
	"published_at" timestamp with time zone,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_classes_status_check" CHECK ("train_classes"."status" in ('toPublish', 'published', 'changedToPublish', 'started', 'cancelled', 'completed')),
	CONSTRAINT "train_classes_times_check" CHECK ("train_classes"."start_at" < "train_classes"."end_at" and "train_classes"."enrol_start_at" < "train_classes"."enrol_end_at" and "train_classes"."enrol_end_at" <= "train_classes"."start_at"),
	CONSTRAINT "train_classes_counts_check" CHECK ("train_classes"."days" between 1 and 99999999 and "train_classes"."trainee_quota" between 1 and 999999),
	CONSTRAINT "train_classes_kinds_check" CHECK ("train_classes"."mode" in ('faceToFace', 'mixed') and "train_classes"."form" in ('internal', 'external') and "train_classes"."plan_kind" in ('inPlan', 'outsidePlan')),
	CONSTRAINT "train_classes_plan_line_check" CHECK (("train_classes"."plan_kind" = 'inPlan') = ("train_classes"."year_plan_line_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "train_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"source" varchar(8) DEFAULT 'self' NOT NULL,
	"queue_seq" bigint,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"re_registrations" smallint DEFAULT 0 NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_enrolments_status_check" CHECK ("train_enrolments"."status" in ('pending', 'approved', 'refused', 'queued', 'cancelled')),
	CONSTRAINT "train_enrolments_source_check" CHECK ("train_enrolments"."source" in ('self', 'admin', 'import')),
	CONSTRAINT "train_enrolments_queue_check" CHECK (("train_enrolments"."status" = 'queued') = ("train_enrolments"."queue_seq" is not null))
);
--> statement-breakpoint
ALTER TABLE "train_class_budget_items" ADD CONSTRAINT "train_class_budget_items_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_courses" ADD CONSTRAINT "train_class_courses_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_courses" ADD CONSTRAINT "train_class_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_stages" ADD CONSTRAINT "train_class_stages_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_stages" ADD CONSTRAINT "train_class_stages_boardroom_id_boardrooms_id_fk" FOREIGN KEY ("boardroom_id") REFERENCES "public"."boardrooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_stages" ADD CONSTRAINT "train_class_stages_train_place_id_train_places_id_fk" FOREIGN KEY ("train_place_id") REFERENCES "public"."train_places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_stages" ADD CONSTRAINT "train_class_stages_lecturer_id_lecturers_id_fk" FOREIGN KEY ("lecturer_id") REFERENCES "public"."lecturers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_classes" ADD CONSTRAINT "train_classes_year_plan_line_id_year_plan_lines_id_fk" FOREIGN KEY ("year_plan_line_id") REFERENCES "public"."year_plan_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_classes" ADD CONSTRAINT "train_classes_headmaster_id_users_id_fk" FOREIGN KEY ("headmaster_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_classes" ADD CONSTRAINT "train_classes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_classes" ADD CONSTRAINT "train_classes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_enrolments" ADD CONSTRAINT "train_enrolments_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_enrolments" ADD CONSTRAINT "train_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_enrolments" ADD CONSTRAINT "train_enrolments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_class_budget_items_class_idx" ON "train_class_budget_items" USING btree ("class_id","sort");--> statement-breakpoint
CREATE INDEX "train_class_courses_course_idx" ON "train_class_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "train_class_stages_class_idx" ON "train_class_stages" USING btree ("class_id","sort");--> statement-breakpoint
CREATE INDEX "train_class_stages_lecturer_idx" ON "train_class_stages" USING btree ("lecturer_id","starts_at");--> statement-breakpoint
CREATE INDEX "train_class_stages_boardroom_idx" ON "train_class_stages" USING btree ("boardroom_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "train_classes_code_uq" ON "train_classes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "train_classes_name_uq" ON "train_classes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "train_classes_org_idx" ON "train_classes" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "train_classes_start_idx" ON "train_classes" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "train_classes_headmaster_idx" ON "train_classes" USING btree ("headmaster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_enrolments_class_user_uq" ON "train_enrolments" USING btree ("class_id","user_id");--> statement-breakpoint
CREATE INDEX "train_enrolments_class_status_idx" ON "train_enrolments" USING btree ("class_id","status","queue_seq");--> statement-breakpoint
CREATE INDEX "train_enrolments_user_idx" ON "train_enrolments" USING btree ("user_id","id");--> statement-breakpoint-- Arrival order of queued sign-ups (one sequence: order across classes and re-registrations) and class code numbers.
CREATE SEQUENCE IF NOT EXISTS train_enrolments_queue_seq;--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS train_classes_code_seq;--> statement-breakpoint
-- The lists (defineList) cache their totals under table_versions (see 0007, 0021).
CREATE TRIGGER train_classes_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_classes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER train_enrolments_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
