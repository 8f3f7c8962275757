CREATE TABLE "course_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"rating" integer,
	"status" varchar(16) DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_comments_status_check" CHECK ("course_comments"."status" in ('visible', 'shielded')),
	CONSTRAINT "course_comments_rating_check" CHECK ("course_comments"."rating" is null or "course_comments"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "course_comments" ADD CONSTRAINT "course_comments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_comments" ADD CONSTRAINT "course_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_comments_course_idx" ON "course_comments" USING btree ("course_id","id");--> statement-breakpoint
CREATE INDEX "course_comments_user_idx" ON "course_comments" USING btree ("user_id");