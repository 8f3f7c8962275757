ALTER TABLE "surveys" ADD COLUMN "open_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "reminded_at" timestamp with time zone;