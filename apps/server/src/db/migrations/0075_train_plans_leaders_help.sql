CREATE TABLE "train_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"reason" varchar(1000) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"training_type" varchar(50) NOT NULL,
	"form" varchar(8) NOT NULL,
	"days" integer NOT NULL,
	"sessions" integer NOT NULL,
	"trainees" integer NOT NULL,
	"site_fee" bigint DEFAULT 0 NOT NULL,
	"teacher_fee" bigint DEFAULT 0 NOT NULL,
	"textbook_fee" bigint DEFAULT 0 NOT NULL,
	"travel_fee" bigint DEFAULT 0 NOT NULL,
	"total_budget" bigint GENERATED ALWAYS AS (site_fee + teacher_fee + textbook_fee + travel_fee) STORED NOT NULL,
	"year_plan_id" integer,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_plans_status_check" CHECK ("train_plans"."status" in ('draft', 'underReview', 'approved', 'auditFailure', 'canResubmit')),
	CONSTRAINT "train_plans_dates_check" CHECK ("train_plans"."start_date" <= "train_plans"."end_date"),
	CONSTRAINT "train_plans_counts_check" CHECK ("train_plans"."days" > 0 and "train_plans"."sessions" > 0 and "train_plans"."trainees" > 0),
	CONSTRAINT "train_plans_form_check" CHECK ("train_plans"."form" in ('inside', 'outside')),
	CONSTRAINT "train_plans_fees_check" CHECK ("train_plans"."site_fee" >= 0 and "train_plans"."teacher_fee" >= 0 and "train_plans"."textbook_fee" >= 0 and "train_plans"."travel_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "train_plans" ADD CONSTRAINT "train_plans_year_plan_id_year_plans_id_fk" FOREIGN KEY ("year_plan_id") REFERENCES "public"."year_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_plans" ADD CONSTRAINT "train_plans_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_plans" ADD CONSTRAINT "train_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "train_plans_org_name_uq" ON "train_plans" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "train_plans_start_idx" ON "train_plans" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "train_plans_year_plan_idx" ON "train_plans" USING btree ("year_plan_id");--> statement-breakpoint
-- The list (defineList) caches its totals under table_versions (see 0007, 0021).
CREATE TRIGGER train_plans_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_plans
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TABLE "training_leader_orgs" (
	"leader_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	CONSTRAINT "training_leader_orgs_pk" PRIMARY KEY("leader_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "training_leaders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(50) DEFAULT '' NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_leader_orgs" ADD CONSTRAINT "training_leader_orgs_leader_id_training_leaders_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."training_leaders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_leader_orgs" ADD CONSTRAINT "training_leader_orgs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_leaders" ADD CONSTRAINT "training_leaders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_leaders" ADD CONSTRAINT "training_leaders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_leaders" ADD CONSTRAINT "training_leaders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_leader_orgs_org_idx" ON "training_leader_orgs" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_leaders_user_uq" ON "training_leaders" USING btree ("user_id");--> statement-breakpoint
-- The list (defineList) caches its totals under table_versions (see 0007, 0021).
CREATE TRIGGER training_leaders_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON training_leaders
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER training_leader_orgs_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON training_leader_orgs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TABLE "help_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"category" varchar(16) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_templates_category_check" CHECK ("help_templates"."category" in ('guide', 'template', 'policy', 'other')),
	CONSTRAINT "help_templates_attachments_check" CHECK (jsonb_array_length("help_templates"."attachments") <= 10)
);
--> statement-breakpoint
ALTER TABLE "help_templates" ADD CONSTRAINT "help_templates_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_templates" ADD CONSTRAINT "help_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_templates_sort_idx" ON "help_templates" USING btree ("sort","id");--> statement-breakpoint
-- The list (defineList) caches its totals under table_versions (see 0007, 0021).
CREATE TRIGGER help_templates_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON help_templates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
