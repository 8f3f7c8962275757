CREATE TABLE "boardroom_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"subject" varchar(100) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"booked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boardroom_bookings_period_check" CHECK ("boardroom_bookings"."end_at" > "boardroom_bookings"."start_at")
);
--> statement-breakpoint
CREATE TABLE "boardrooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(30) NOT NULL,
	"name" varchar(50) NOT NULL,
	"position" varchar(200),
	"facilities" varchar(500),
	"capacity" integer NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boardrooms_capacity_check" CHECK ("boardrooms"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"phone" varchar(30),
	"contact" varchar(30),
	"contact_phone" varchar(30),
	"address" varchar(200),
	"direction" varchar(100),
	"cover" varchar(500),
	"qualification" varchar(500),
	"profile" text,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"contact" varchar(30),
	"city" varchar(50),
	"address" varchar(200),
	"introduction" text,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boardroom_bookings" ADD CONSTRAINT "boardroom_bookings_room_id_boardrooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."boardrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardroom_bookings" ADD CONSTRAINT "boardroom_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardrooms" ADD CONSTRAINT "boardrooms_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardrooms" ADD CONSTRAINT "boardrooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_places" ADD CONSTRAINT "train_places_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_places" ADD CONSTRAINT "train_places_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boardroom_bookings_room_idx" ON "boardroom_bookings" USING btree ("room_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "boardrooms_name_uq" ON "boardrooms" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "boardrooms_number_uq" ON "boardrooms" USING btree ("number");--> statement-breakpoint
CREATE INDEX "boardrooms_org_id_idx" ON "boardrooms" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_name_uq" ON "institutions" USING btree ("name");--> statement-breakpoint
CREATE INDEX "institutions_org_id_idx" ON "institutions" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_places_name_uq" ON "train_places" USING btree ("name");--> statement-breakpoint
CREATE INDEX "train_places_org_id_idx" ON "train_places" USING btree ("org_id","id");--> statement-breakpoint
-- A room is never booked twice for overlapping times, whatever the races (declared here: drizzle has no exclusion constraints).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "boardroom_bookings" ADD CONSTRAINT "boardroom_bookings_no_overlap" EXCLUDE USING gist ("room_id" WITH =, tstzrange("start_at", "end_at") WITH &&);--> statement-breakpoint
-- The lists (defineList) cache their totals under table_versions (see 0007, 0021).
CREATE TRIGGER institutions_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON institutions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER boardrooms_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON boardrooms
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
-- The list (defineList) caches its totals under table_versions (see 0007, 0021).
CREATE TRIGGER train_places_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON train_places
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
