CREATE TABLE "questionnaire_categories" (
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
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"category_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "questionnaires_status_check" CHECK ("questionnaires"."status" in ('draft', 'published', 'unpublished'))
);
--> statement-breakpoint
ALTER TABLE "questionnaire_categories" ADD CONSTRAINT "questionnaire_categories_parent_id_questionnaire_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."questionnaire_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_category_id_questionnaire_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."questionnaire_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_categories_parent_idx" ON "questionnaire_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "questionnaire_categories_path_idx" ON "questionnaire_categories" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_categories_parent_name_uq" ON "questionnaire_categories" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaires_name_uq" ON "questionnaires" USING btree ("name");--> statement-breakpoint
CREATE INDEX "questionnaires_org_idx" ON "questionnaires" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "questionnaires_category_idx" ON "questionnaires" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "questionnaires_status_idx" ON "questionnaires" USING btree ("status","id");--> statement-breakpoint
-- The questionnaire list (defineList) caches its totals under table_versions (see 0007, 0021).
CREATE TRIGGER questionnaires_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON questionnaires
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER questionnaire_categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON questionnaire_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
