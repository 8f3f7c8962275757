CREATE TABLE "year_plan_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"sessions" integer NOT NULL,
	"training_type" varchar(50) NOT NULL,
	"content" varchar(500) NOT NULL,
	"form" varchar(8) NOT NULL,
	"days" integer NOT NULL,
	"site_fee" bigint DEFAULT 0 NOT NULL,
	"teacher_fee" bigint DEFAULT 0 NOT NULL,
	"textbook_fee" bigint DEFAULT 0 NOT NULL,
	"travel_fee" bigint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "year_plan_lines_month_check" CHECK ("year_plan_lines"."month" between 1 and 12),
	CONSTRAINT "year_plan_lines_counts_check" CHECK ("year_plan_lines"."sessions" > 0 and "year_plan_lines"."days" > 0),
	CONSTRAINT "year_plan_lines_form_check" CHECK ("year_plan_lines"."form" in ('inside', 'outside')),
	CONSTRAINT "year_plan_lines_fees_check" CHECK ("year_plan_lines"."site_fee" >= 0 and "year_plan_lines"."teacher_fee" >= 0 and "year_plan_lines"."textbook_fee" >= 0 and "year_plan_lines"."travel_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "year_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"year" smallint NOT NULL,
	"type" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"total_budget" bigint DEFAULT 0 NOT NULL,
	"total_sessions" integer DEFAULT 0 NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "year_plans_status_check" CHECK ("year_plans"."status" in ('draft', 'underReview', 'approved', 'auditFailure', 'canResubmit')),
	CONSTRAINT "year_plans_totals_check" CHECK ("year_plans"."total_budget" >= 0 and "year_plans"."total_sessions" >= 0)
);
--> statement-breakpoint
ALTER TABLE "year_plan_lines" ADD CONSTRAINT "year_plan_lines_plan_id_year_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."year_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_plans" ADD CONSTRAINT "year_plans_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_plans" ADD CONSTRAINT "year_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "year_plan_lines_plan_idx" ON "year_plan_lines" USING btree ("plan_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "year_plans_org_year_uq" ON "year_plans" USING btree ("org_id","year");--> statement-breakpoint
CREATE INDEX "year_plans_year_idx" ON "year_plans" USING btree ("year","id");--> statement-breakpoint
-- The year plan list (defineList) caches its totals under table_versions (see 0007, 0021).
CREATE TRIGGER year_plans_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON year_plans
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
