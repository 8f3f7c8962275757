ALTER TABLE "users" ADD COLUMN "language" varchar(8);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('zh-CN', 'en-US', 'pt'));