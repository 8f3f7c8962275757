CREATE TABLE "exam_categories" (
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
CREATE TABLE "exam_reviewers" (
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "exam_reviewers_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"category_id" integer,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"pass_percent" smallint NOT NULL,
	"total" double precision NOT NULL,
	"attempts" smallint NOT NULL,
	"paper_id" integer NOT NULL,
	"answer_mode" varchar(16) DEFAULT 'whole' NOT NULL,
	"countdown_mode" varchar(16) DEFAULT 'duration' NOT NULL,
	"photo_interval" integer DEFAULT 0 NOT NULL,
	"marking_mode" varchar(16) DEFAULT 'auto' NOT NULL,
	"anti_cheat" boolean DEFAULT false NOT NULL,
	"leave_limit" smallint,
	"score_display" varchar(16) DEFAULT 'published' NOT NULL,
	"show_answers" boolean DEFAULT false NOT NULL,
	"show_ranking" boolean DEFAULT false NOT NULL,
	"certificate_template_id" integer,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "exams_status_check" CHECK ("exams"."status" in ('draft', 'published', 'started', 'ended')),
	CONSTRAINT "exams_time_check" CHECK ("exams"."start_at" < "exams"."end_at"),
	CONSTRAINT "exams_duration_check" CHECK ("exams"."duration" > 0),
	CONSTRAINT "exams_pass_percent_check" CHECK ("exams"."pass_percent" between 1 and 100),
	CONSTRAINT "exams_attempts_check" CHECK ("exams"."attempts" between 1 and 999),
	CONSTRAINT "exams_answer_mode_check" CHECK ("exams"."answer_mode" in ('whole', 'single')),
	CONSTRAINT "exams_countdown_mode_check" CHECK ("exams"."countdown_mode" in ('duration', 'end')),
	CONSTRAINT "exams_marking_mode_check" CHECK ("exams"."marking_mode" in ('auto', 'reviewer')),
	CONSTRAINT "exams_score_display_check" CHECK ("exams"."score_display" in ('immediate', 'published', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "exam_categories" ADD CONSTRAINT "exam_categories_parent_id_exam_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."exam_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_reviewers" ADD CONSTRAINT "exam_reviewers_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_reviewers" ADD CONSTRAINT "exam_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_category_id_exam_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."exam_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_certificate_template_id_certificate_templates_id_fk" FOREIGN KEY ("certificate_template_id") REFERENCES "public"."certificate_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_categories_parent_idx" ON "exam_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "exam_categories_path_idx" ON "exam_categories" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "exam_categories_parent_name_uq" ON "exam_categories" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "exam_reviewers_user_idx" ON "exam_reviewers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_name_uq" ON "exams" USING btree ("name");--> statement-breakpoint
CREATE INDEX "exams_org_idx" ON "exams" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "exams_category_idx" ON "exams" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "exams_start_idx" ON "exams" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "exams_paper_idx" ON "exams" USING btree ("paper_id");