CREATE TABLE "lecturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"realname" varchar(30) NOT NULL,
	"username" varchar(20) NOT NULL,
	"email" varchar(200),
	"kind" varchar(16) NOT NULL,
	"org_id" integer NOT NULL,
	"unit" varchar(200),
	"title" varchar(50),
	"level_id" integer,
	"fee_fen" integer DEFAULT 0 NOT NULL,
	"avatar" varchar(500),
	"introduction" varchar(2000),
	"certificate" varchar(500),
	"machine_code" varchar(100),
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"certified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_level_id_teacher_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."teacher_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lecturers_username_uq" ON "lecturers" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "lecturers_user_id_uq" ON "lecturers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lecturers_org_id_idx" ON "lecturers" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "lecturers_level_id_idx" ON "lecturers" USING btree ("level_id");--> statement-breakpoint
CREATE INDEX "lecturers_created_idx" ON "lecturers" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_levels_name_uq" ON "teacher_levels" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "teacher_levels_sort_idx" ON "teacher_levels" USING btree ("sort","id");