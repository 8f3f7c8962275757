CREATE TABLE "outside_trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_name" varchar(200) NOT NULL,
	"institution_id" integer,
	"course" varchar(200) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"result" varchar(8),
	"score" numeric(7, 2),
	"notes" text DEFAULT '' NOT NULL,
	"certificate" jsonb,
	"result_at" timestamp with time zone,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outside_trainings_status_check" CHECK ("outside_trainings"."status" in ('draft', 'underReview', 'approved', 'refused', 'withdrawn', 'completed')),
	CONSTRAINT "outside_trainings_dates_check" CHECK ("outside_trainings"."start_date" <= "outside_trainings"."end_date"),
	CONSTRAINT "outside_trainings_cost_check" CHECK ("outside_trainings"."cost" >= 0),
	CONSTRAINT "outside_trainings_result_check" CHECK ("outside_trainings"."result" is null or "outside_trainings"."result" in ('passed', 'failed')),
	CONSTRAINT "outside_trainings_attachments_check" CHECK (jsonb_array_length("outside_trainings"."attachments") <= 5)
);
--> statement-breakpoint
ALTER TABLE "outside_trainings" ADD CONSTRAINT "outside_trainings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_trainings" ADD CONSTRAINT "outside_trainings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_trainings_created_by_idx" ON "outside_trainings" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "outside_trainings_org_idx" ON "outside_trainings" USING btree ("org_id","id");--> statement-breakpoint
-- The outside training lists (defineList) cache their totals under table_versions (see 0007, 0021).
CREATE TRIGGER outside_trainings_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON outside_trainings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
