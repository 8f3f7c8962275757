CREATE TABLE "train_attendance_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"stage_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(8) NOT NULL,
	"source" varchar(8) NOT NULL,
	"signed_at" timestamp with time zone,
	"entered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_attendance_records_status_check" CHECK ("train_attendance_records"."status" in ('present', 'late', 'absent', 'leave')),
	CONSTRAINT "train_attendance_records_source_check" CHECK ("train_attendance_records"."source" in ('qr', 'manual', 'import'))
);
--> statement-breakpoint
CREATE TABLE "train_attendance_sheets" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_attendance_sheets_status_check" CHECK ("train_attendance_sheets"."status" in ('draft', 'submitted', 'approved', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "train_attendance_records" ADD CONSTRAINT "train_attendance_records_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_attendance_records" ADD CONSTRAINT "train_attendance_records_stage_id_train_class_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."train_class_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_attendance_records" ADD CONSTRAINT "train_attendance_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_attendance_records" ADD CONSTRAINT "train_attendance_records_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_attendance_sheets" ADD CONSTRAINT "train_attendance_sheets_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_attendance_sheets" ADD CONSTRAINT "train_attendance_sheets_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_attendance_sheets" ADD CONSTRAINT "train_attendance_sheets_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "train_attendance_records_stage_user_uq" ON "train_attendance_records" USING btree ("stage_id","user_id");--> statement-breakpoint
CREATE INDEX "train_attendance_records_class_user_idx" ON "train_attendance_records" USING btree ("class_id","user_id");--> statement-breakpoint
-- The class list of the attendance pages (defineList) caches its totals under table_versions (see 0007, 0021).
-- The records table has none: the sign-ins of a whole class would all queue on one version row.
CREATE TRIGGER train_attendance_sheets_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_attendance_sheets
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
