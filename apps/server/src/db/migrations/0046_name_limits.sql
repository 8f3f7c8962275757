ALTER TABLE "label_categories" ALTER COLUMN "name" SET DATA TYPE varchar(30);--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "title" SET DATA TYPE varchar(200);