CREATE TABLE "exercises" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"source_kind" varchar(8) NOT NULL,
	"paper_id" integer,
	"category_id" integer,
	"question_count" smallint,
	"times" smallint NOT NULL,
	"time_limit" integer NOT NULL,
	"auto_marking" boolean DEFAULT true NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "exercises_status_check" CHECK ("exercises"."status" in ('draft', 'published', 'unpublished')),
	CONSTRAINT "exercises_source_check" CHECK (("exercises"."source_kind" = 'paper' and "exercises"."paper_id" is not null) or ("exercises"."source_kind" = 'bank' and "exercises"."category_id" is not null and "exercises"."question_count" > 0)),
	CONSTRAINT "exercises_times_check" CHECK ("exercises"."times" between 1 and 999),
	CONSTRAINT "exercises_time_limit_check" CHECK ("exercises"."time_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "mistake_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source_kind" varchar(8) NOT NULL,
	"source_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question" jsonb NOT NULL,
	"key" jsonb NOT NULL,
	"last_answer" jsonb,
	"times" integer DEFAULT 1 NOT NULL,
	"last_wrong_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "mistake_entries_source_check" CHECK ("mistake_entries"."source_kind" in ('exam', 'practice'))
);
--> statement-breakpoint
CREATE TABLE "mistake_exam_attempts" (
	"attempt_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_answers" (
	"session_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"correct" boolean,
	"score" double precision,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_answers_pk" PRIMARY KEY("session_id","position")
);
--> statement-breakpoint
CREATE TABLE "practice_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"exercise_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"status" varchar(16) DEFAULT 'ongoing' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"questions" jsonb NOT NULL,
	"keys" jsonb NOT NULL,
	"total" double precision NOT NULL,
	CONSTRAINT "practice_sessions_status_check" CHECK ("practice_sessions"."status" in ('ongoing', 'finished'))
);
--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mistake_entries" ADD CONSTRAINT "mistake_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mistake_exam_attempts" ADD CONSTRAINT "mistake_exam_attempts_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mistake_exam_attempts" ADD CONSTRAINT "mistake_exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_session_id_practice_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."practice_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exercises_name_uq" ON "exercises" USING btree ("name");--> statement-breakpoint
CREATE INDEX "exercises_org_idx" ON "exercises" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "exercises_paper_idx" ON "exercises" USING btree ("paper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mistake_entries_uq" ON "mistake_entries" USING btree ("user_id","source_kind","source_id","question_id");--> statement-breakpoint
CREATE INDEX "mistake_entries_user_idx" ON "mistake_entries" USING btree ("user_id","last_wrong_at") WHERE "mistake_entries"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "mistake_exam_attempts_user_idx" ON "mistake_exam_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_sessions_number_uq" ON "practice_sessions" USING btree ("exercise_id","user_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_sessions_ongoing_uq" ON "practice_sessions" USING btree ("exercise_id","user_id") WHERE "practice_sessions"."status" = 'ongoing';--> statement-breakpoint
CREATE INDEX "practice_sessions_user_idx" ON "practice_sessions" USING btree ("user_id","exercise_id");