CREATE TABLE "train_class_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"plan_line_id" integer,
	"item" varchar(100) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"spent_on" date NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_class_charges_amount_check" CHECK ("train_class_charges"."amount_fen" between 1 and 9999999999)
);
--> statement-breakpoint
CREATE TABLE "train_class_exams" (
	"class_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	CONSTRAINT "train_class_exams_pk" PRIMARY KEY("class_id","exam_id")
);
--> statement-breakpoint
CREATE TABLE "train_result_sheets" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"refuse_reason" varchar(500) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_result_sheets_status_check" CHECK ("train_result_sheets"."status" in ('draft', 'submitted', 'approved', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "train_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" numeric(4, 1) NOT NULL,
	"passed" boolean NOT NULL,
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_results_score_check" CHECK ("train_results"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "train_survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"lecturer_id" integer,
	"questionnaire_id" integer,
	"title" varchar(200) NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "train_class_charges" ADD CONSTRAINT "train_class_charges_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_charges" ADD CONSTRAINT "train_class_charges_plan_line_id_year_plan_lines_id_fk" FOREIGN KEY ("plan_line_id") REFERENCES "public"."year_plan_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_charges" ADD CONSTRAINT "train_class_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_exams" ADD CONSTRAINT "train_class_exams_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_exams" ADD CONSTRAINT "train_class_exams_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_result_sheets" ADD CONSTRAINT "train_result_sheets_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_result_sheets" ADD CONSTRAINT "train_result_sheets_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_result_sheets" ADD CONSTRAINT "train_result_sheets_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_results" ADD CONSTRAINT "train_results_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_results" ADD CONSTRAINT "train_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_results" ADD CONSTRAINT "train_results_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_survey_responses" ADD CONSTRAINT "train_survey_responses_survey_id_train_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."train_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_survey_responses" ADD CONSTRAINT "train_survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_surveys" ADD CONSTRAINT "train_surveys_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_surveys" ADD CONSTRAINT "train_surveys_lecturer_id_lecturers_id_fk" FOREIGN KEY ("lecturer_id") REFERENCES "public"."lecturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_surveys" ADD CONSTRAINT "train_surveys_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_class_charges_class_idx" ON "train_class_charges" USING btree ("class_id","id");--> statement-breakpoint
CREATE INDEX "train_class_charges_line_idx" ON "train_class_charges" USING btree ("plan_line_id");--> statement-breakpoint
CREATE INDEX "train_class_exams_exam_idx" ON "train_class_exams" USING btree ("exam_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_results_class_user_uq" ON "train_results" USING btree ("class_id","user_id");--> statement-breakpoint
CREATE INDEX "train_results_user_idx" ON "train_results" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_survey_responses_survey_user_uq" ON "train_survey_responses" USING btree ("survey_id","user_id");--> statement-breakpoint
CREATE INDEX "train_survey_responses_user_idx" ON "train_survey_responses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_surveys_class_lecturer_uq" ON "train_surveys" USING btree ("class_id",coalesce("lecturer_id", 0));--> statement-breakpoint
CREATE INDEX "train_surveys_lecturer_idx" ON "train_surveys" USING btree ("lecturer_id");--> statement-breakpoint
-- The lists (sheet states, the result grid, charges, answers) cache their totals under table_versions (see 0007, 0021).
CREATE TRIGGER train_result_sheets_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_result_sheets
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER train_results_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_results
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER train_class_charges_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_class_charges
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER train_survey_responses_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_survey_responses
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
