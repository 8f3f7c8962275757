CREATE TABLE "exam_attempt_answers" (
	"attempt_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb,
	"flagged" boolean DEFAULT false NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone,
	"auto_score" double precision,
	"correct" boolean,
	"review_score" double precision,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "exam_attempt_answers_pk" PRIMARY KEY("attempt_id","position"),
	CONSTRAINT "exam_attempt_answers_review_check" CHECK ("exam_attempt_answers"."review_score" is null or "exam_attempt_answers"."review_score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"seed" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'ongoing' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" varchar(16),
	"leave_count" smallint DEFAULT 0 NOT NULL,
	"questions" jsonb NOT NULL,
	"keys" jsonb NOT NULL,
	"total" double precision NOT NULL,
	"auto_score" double precision,
	"score" double precision,
	"passed" boolean,
	"adjusted_by" integer,
	"adjusted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_attempts_status_check" CHECK ("exam_attempts"."status" in ('ongoing', 'marking', 'marked')),
	CONSTRAINT "exam_attempts_submitted_by_check" CHECK ("exam_attempts"."submitted_by" is null or "exam_attempts"."submitted_by" in ('examinee', 'deadline', 'leaveLimit')),
	CONSTRAINT "exam_attempts_score_check" CHECK ("exam_attempts"."score" is null or ("exam_attempts"."score" >= 0 and "exam_attempts"."score" <= "exam_attempts"."total"))
);
--> statement-breakpoint
CREATE TABLE "exam_extensions" (
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"extra_attempts" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_extensions_pk" PRIMARY KEY("exam_id","user_id"),
	CONSTRAINT "exam_extensions_attempts_check" CHECK ("exam_extensions"."extra_attempts" between 0 and 999)
);
--> statement-breakpoint
CREATE TABLE "exam_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "scores_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_attempt_answers" ADD CONSTRAINT "exam_attempt_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_answers" ADD CONSTRAINT "exam_attempt_answers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_adjusted_by_users_id_fk" FOREIGN KEY ("adjusted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_extensions" ADD CONSTRAINT "exam_extensions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_extensions" ADD CONSTRAINT "exam_extensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_extensions" ADD CONSTRAINT "exam_extensions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_photos" ADD CONSTRAINT "exam_photos_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_photos" ADD CONSTRAINT "exam_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_attempt_answers_question_idx" ON "exam_attempt_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_number_uq" ON "exam_attempts" USING btree ("exam_id","user_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_ongoing_uq" ON "exam_attempts" USING btree ("exam_id","user_id") WHERE "exam_attempts"."status" = 'ongoing';--> statement-breakpoint
CREATE INDEX "exam_attempts_exam_idx" ON "exam_attempts" USING btree ("exam_id","status","id");--> statement-breakpoint
CREATE INDEX "exam_attempts_user_idx" ON "exam_attempts" USING btree ("user_id","exam_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_deadline_idx" ON "exam_attempts" USING btree ("deadline_at") WHERE "exam_attempts"."status" = 'ongoing';--> statement-breakpoint
CREATE INDEX "exam_photos_attempt_idx" ON "exam_photos" USING btree ("attempt_id","taken_at");