CREATE TABLE "learn_assignment_courses" (
	"assignment_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learn_assignment_courses_pk" PRIMARY KEY("assignment_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "learn_assignment_users" (
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learn_assignment_users_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "learn_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "learn_assignments_status_check" CHECK ("learn_assignments"."status" in ('draft', 'published', 'unpublished'))
);
--> statement-breakpoint
ALTER TABLE "learn_assignment_courses" ADD CONSTRAINT "learn_assignment_courses_assignment_id_learn_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."learn_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_assignment_courses" ADD CONSTRAINT "learn_assignment_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_assignment_users" ADD CONSTRAINT "learn_assignment_users_assignment_id_learn_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."learn_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_assignment_users" ADD CONSTRAINT "learn_assignment_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_assignments" ADD CONSTRAINT "learn_assignments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_assignments" ADD CONSTRAINT "learn_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learn_assignment_courses_course_idx" ON "learn_assignment_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "learn_assignment_users_user_idx" ON "learn_assignment_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "learn_assignments_org_idx" ON "learn_assignments" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "learn_assignments_status_idx" ON "learn_assignments" USING btree ("status","id");