ALTER TABLE "users" DROP COLUMN "post";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "labels";