CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(30) NOT NULL,
	"image" text NOT NULL,
	"link" varchar(500),
	"sort" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'unreleased' NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_status_check" CHECK ("banners"."status" in ('unreleased', 'released')),
	CONSTRAINT "banners_sort_check" CHECK ("banners"."sort" between 0 and 99999999),
	CONSTRAINT "banners_period_check" CHECK ("banners"."start_at" is null or "banners"."end_at" is null or "banners"."end_at" > "banners"."start_at")
);
--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_status_check";--> statement-breakpoint
DROP INDEX "notices_released_display_idx";--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "content" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_org_id_idx" ON "banners" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "banners_current_idx" ON "banners" USING btree ("sort","id") WHERE "banners"."status" = 'released';--> statement-breakpoint
CREATE INDEX "notices_portal_order_idx" ON "notices" USING btree ("pinned" DESC NULLS LAST,"sort","display_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notices"."status" = 'released' and "notices"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_sort_check" CHECK ("notices"."sort" between 0 and 99999999);--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_status_check" CHECK ("notices"."status" in ('draft', 'released', 'unreleased', 'frozen'));