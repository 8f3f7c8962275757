CREATE TABLE "course_item_progress" (
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"furthest" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"learned_seconds" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_item_progress_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "course_learners" (
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" varchar(16) DEFAULT 'self' NOT NULL,
	"status" varchar(16) DEFAULT 'learning' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"learned_seconds" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"credit_awarded" integer DEFAULT 0 NOT NULL,
	"certificate_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_learned_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	CONSTRAINT "course_learners_pk" PRIMARY KEY("course_id","user_id"),
	CONSTRAINT "course_learners_status_check" CHECK ("course_learners"."status" in ('learning', 'passed')),
	CONSTRAINT "course_learners_source_check" CHECK ("course_learners"."source" in ('self', 'assignment')),
	CONSTRAINT "course_learners_progress_check" CHECK ("course_learners"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "course_item_progress" ADD CONSTRAINT "course_item_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_item_progress" ADD CONSTRAINT "course_item_progress_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_item_progress" ADD CONSTRAINT "course_item_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_learners" ADD CONSTRAINT "course_learners_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_learners" ADD CONSTRAINT "course_learners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_item_progress_course_idx" ON "course_item_progress" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "course_learners_user_idx" ON "course_learners" USING btree ("user_id","last_learned_at");--> statement-breakpoint
CREATE INDEX "course_learners_course_status_idx" ON "course_learners" USING btree ("course_id","status");